/**
 * How the benches fill their stores: `client` (default) creates every object through ExtensionClient.create,
 * the write path being measured at 1M; `bulk` uses bulk-load.ts, which writes the same rows in a fraction of
 * the time and makes 10M records reachable.
 */
export type LoaderChoice = 'client' | 'bulk';

export function loaderFromEnv(env: NodeJS.ProcessEnv = process.env): LoaderChoice {
  const value = env.BENCH_LOADER ?? 'client';
  if (value !== 'client' && value !== 'bulk') throw new Error(`BENCH_LOADER must be client or bulk, not "${value}"`);
  return value;
}
