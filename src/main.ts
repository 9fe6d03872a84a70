import { HostRuntime, PACKAGE_ROOT, readManifest } from './host/runtime.js';
import type { HostConfig } from './host/config.js';
import { entry } from './plugin-entry.js';

/** Starts the host with the AuthPay package loaded; used by `authpay serve` and by tests. */
export async function startServer(
  config: Partial<HostConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ runtime: HostRuntime; port: number; url: string }> {
  const runtime = new HostRuntime(config, env);
  try {
    await runtime.init();
    await runtime.loadPlugin({ manifest: readManifest(PACKAGE_ROOT), dir: PACKAGE_ROOT, entry });
    const port = await runtime.listen();
    return { runtime, port, url: `http://127.0.0.1:${port}` };
  } catch (err) {
    await runtime.stop().catch(() => undefined);
    throw err;
  }
}
