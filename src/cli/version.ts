import { packageVersion } from '../host/api/generic/version.js';

/** `authpay --version`: the package version alone, for scripts. */
export function printVersion(): number {
  process.stdout.write(`${packageVersion()}\n`);
  return 0;
}
