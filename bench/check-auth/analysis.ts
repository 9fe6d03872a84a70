import { ms } from '../lib/markdown.js';
import type { LoadFigures } from './load-generator.js';

export interface AnalysisInput {
  bare: LoadFigures;
  licensed: LoadFigures;
  open: LoadFigures;
  healthz: LoadFigures;
  sized: LoadFigures;
  connections: number;
}

const pct = (a: number, b: number) => `${Math.round((a / b) * 100)} %`;
const us = (f: LoadFigures) => Math.round(f.serverCpuUs ?? Number.NaN);
const cpuDiff = (a: LoadFigures, b: LoadFigures) => Math.round((a.serverCpuUs ?? Number.NaN) - (b.serverCpuUs ?? Number.NaN));

/** What the figures say about where the gap to the bare route lies, computed from this run's own rows. */
export function analysisNotes(r: AnalysisInput): string[] {
  const meanMs = (f: LoadFigures) => (r.connections / f.requestsPerSecond) * 1000;
  return [
    `Host floor: GET /healthz, which runs no plugin code, gets ${pct(r.healthz.requestsPerSecond, r.bare.requestsPerSecond)} of the bare `
      + `route through the full host pipeline (request id, body parsers, access log, metrics, security headers, CORS, authentication, `
      + `RBAC, routers). Server CPU per request: bare ${us(r.bare)} µs, host floor ${us(r.healthz)} µs, checkAuth ${us(r.licensed)} `
      + `µs configured, ${us(r.open)} µs open; the difference to the floor (${cpuDiff(r.licensed, r.healthz)} µs) is `
      + `checkAuth's own work: the guard (rate limit, secret), query validation, the memo and cache lookups, the answer and its larger `
      + `request and response. The secret path (configured against open, same run): `
      + `${cpuDiff(r.licensed, r.open)} µs of server CPU per request, throughput `
      + `${pct(r.licensed.requestsPerSecond, r.open.requestsPerSecond)} of the open case's.`,
    `Payload: the bare route asked with checkAuth's query strings and answering a checkAuth-sized body gets `
      + `${pct(r.sized.requestsPerSecond, r.bare.requestsPerSecond)} of the small bare route; the load generator `
      + `(${Math.round(r.licensed.clientCpuUs ?? NaN)} µs CPU per checkAuth request against ${Math.round(r.bare.clientCpuUs ?? NaN)} `
      + `µs for the bare one) shares the machine's cores with the server.`,
    `p99: with ${r.connections} connections kept busy, the mean latency is connections / throughput (${ms(meanMs(r.bare))} ms for `
      + `the bare route, ${ms(meanMs(r.licensed))} ms for checkAuth) and the p99 is roughly twice it; the bare route's own p99 in this `
      + `run is ${ms(r.bare.p99)} ms.`,
  ];
}
