import { ms } from '../lib/markdown.js';
import type { LoadFigures } from './load-generator.js';

export interface AnalysisInput {
  bare: LoadFigures;
  licensed: LoadFigures;
  healthz: LoadFigures;
  sized: LoadFigures;
  connections: number;
}

const pct = (a: number, b: number) => `${Math.round((a / b) * 100)} %`;

/** What the figures say about where the gap to the bare route lies, computed from this run's own rows. */
export function analysisNotes(r: AnalysisInput): string[] {
  const meanMs = (f: LoadFigures) => (r.connections / f.requestsPerSecond) * 1000;
  return [
    `checkAuth reaches ${pct(r.licensed.requestsPerSecond, r.healthz.requestsPerSecond)} of the host floor: GET /healthz, which runs no plugin code, gets ${pct(r.healthz.requestsPerSecond, r.bare.requestsPerSecond)} of the bare route through the same host. Server CPU per request: bare ${Math.round(r.bare.serverCpuUs ?? NaN)} µs, host floor ${Math.round(r.healthz.serverCpuUs ?? NaN)} µs, checkAuth ${Math.round(r.licensed.serverCpuUs ?? NaN)} µs. ${
      r.licensed.requestsPerSecond >= 0.9 * r.healthz.requestsPerSecond
        ? "So the gap to the target lies in the host's per-request baseline (request id, body parsers, request log, metrics, security headers, Express dispatch, a larger heap to collect), not in checkAuth's own work."
        : "checkAuth's own work (guard, validation, record read, license memo, signing memo, serialization) costs the difference to the floor."
    }`,
    `Payload: the bare route asked with checkAuth's query strings and answering a checkAuth-sized body gets ${pct(r.sized.requestsPerSecond, r.bare.requestsPerSecond)} of the small bare route; the load generator (${Math.round(r.licensed.clientCpuUs ?? NaN)} µs CPU per checkAuth request against ${Math.round(r.bare.clientCpuUs ?? NaN)} µs for the bare one) shares the machine's cores with the server.`,
    `p99: with ${r.connections} connections kept busy, the mean latency is connections / throughput (${ms(meanMs(r.bare))} ms for the bare route, ${ms(meanMs(r.licensed))} ms for checkAuth), and the bare route's own p99 is ${ms(r.bare.p99)} ms on this machine, so a p99 under 10 ms at ${r.connections} connections needs more throughput (cores) than this machine gives even the bare route.`,
  ];
}
