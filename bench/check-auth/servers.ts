import path from 'node:path';

/**
 * The two servers of the check-auth benchmark, each started by bench/lib/server-process.ts spawnServer. The
 * AuthPay server logs one line per request at the default level (info), as in production, and that cost
 * stays in.
 */

/** The AuthPay server as production runs it: compiled JavaScript (set AUTHPAY_BENCH_MAIN to a build's dist/main.js). */
export const AUTHPAY_SERVER_ARGS = [path.resolve('bench', 'store', 'serve.mjs')];
export const BARE_SERVER_ARGS = [path.resolve('bench', 'check-auth', 'bare-server.mjs')];
