/**
 * autocannon (a devDependency without type declarations) behind a small typed surface.
 */
export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Rewrites the request just before it is sent (a fresh nonce per call). */
  setupRequest?: (req: LoadRequest) => LoadRequest;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  requests: LoadRequest[];
}

/** Throughput and latency of one run (latencies in milliseconds, as autocannon reports them). */
export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
  /** CPU time the server process used per request (user + system, all its threads), when measured. */
  serverCpuUs?: number;
  /** CPU time the load generator (this process) used per request: it shares the machine with the server. */
  clientCpuUs?: number;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
}

type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const moduleName = 'autocannon';
  const autocannon = ((await import(moduleName)) as { default: Autocannon }).default;
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({ url: options.url, connections: options.connections, duration: options.durationSeconds, requests: options.requests });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    clientCpuUs: (cpu.user + cpu.system) / result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
