/**
 * The server process the start-up benchmark spawns: what `authpay serve` runs (startServer with the
 * process environment). Plain JavaScript so it runs both under tsx (the TypeScript source, as `npm start`)
 * and under bare node (a compiled build, AUTHPAY_BENCH_MAIN = file URL of dist/main.js). It reports its own
 * module-load and startServer times as one JSON line on stdout. Stops on SIGTERM.
 */
import { performance } from 'node:perf_hooks';

const beforeImport = performance.now();
const { startServer } = await import(process.env.AUTHPAY_BENCH_MAIN ?? '../../src/main.js');
const imported = performance.now();
const { runtime } = await startServer();
const figures = {
  bench: 1,
  processToScriptMs: beforeImport,
  importMs: imported - beforeImport,
  startServerMs: performance.now() - imported,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.once('SIGTERM', () => {
  void runtime.stop().finally(() => process.exit(0));
});
