/** `authpay --version` prints the package version alone. */
import fs from 'node:fs';
import { runCli } from './run-cli.js';

test('--version prints the version of package.json', async () => {
  const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
  const result = await runCli(['--version'], {});
  expect([result.code, result.stdout]).toEqual([0, `${version}\n`]);
}, 60_000);
