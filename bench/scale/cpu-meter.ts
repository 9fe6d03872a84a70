/**
 * Where the CPU of a bench:scale run went (Linux /proc): each server process, the PostgreSQL backends serving
 * the bench's schema (found by application_name, tracked while the run lasts, since the pool opens and closes
 * connections), the load generator itself, and the whole machine (which on a shared machine includes others'
 * work). Figures are CPU milliseconds; divided by the run's wall time they say how much of a core each used.
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const TRACK_EVERY_MS = 250;

/** utime + stime of a process in milliseconds; undefined once it has ended. */
export function cpuMs(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Busy CPU milliseconds of the whole machine (all cores; everything but idle and iowait). */
function machineBusyMs(): number {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = ticks.map(Number);
  const busy = n.reduce((a, b) => a + b, 0) - n[3] - (n[4] ?? 0);
  return (busy * 1000) / TICKS_PER_SECOND;
}

export interface CpuUse {
  wallMs: number;
  /** Per server process. */
  serversMs: number[];
  /** The bench schema's PostgreSQL backends (pool and listener), summed. */
  postgresMs: number;
  loadGeneratorMs: number;
  machineBusyMs: number;
  cores: number;
}

export class CpuMeter {
  private started = performance.now();
  private readonly serversBefore: number[];
  private readonly machineBefore = machineBusyMs();
  private readonly selfBefore = process.cpuUsage();
  /** PostgreSQL backend pid → [cpu when first seen, cpu when last seen]. */
  private readonly backends = new Map<number, [number, number]>();
  private timer?: NodeJS.Timeout;
  private tracking = Promise.resolve();

  private constructor(
    private readonly serverPids: number[],
    private readonly db?: { url: string; applications: string[] },
  ) {
    this.serversBefore = serverPids.map((pid) => cpuMs(pid) ?? 0);
  }

  /** Starts measuring; with `db`, the backends of those application names are found now and every 250 ms. */
  static async start(serverPids: number[], db?: { url: string; applications: string[] }): Promise<CpuMeter> {
    const meter = new CpuMeter(serverPids, db);
    if (!db) return meter;
    await meter.track();
    meter.started = performance.now();
    meter.timer = setInterval(() => {
      meter.tracking = meter.tracking.then(() => meter.track());
    }, TRACK_EVERY_MS);
    return meter;
  }

  private client?: pg.Client;

  /** One connection for the whole run: a new one per sample would fork a backend each time. */
  private async track(): Promise<void> {
    if (!this.db) return;
    try {
      if (!this.client) {
        this.client = new pg.Client({ connectionString: this.db.url, application_name: 'bench-scale-meter' });
        await this.client.connect();
      }
      const { rows } = await this.client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = ANY($1)', [
        this.db.applications,
      ]);
      for (const { pid } of rows) if (!this.backends.has(pid)) this.backends.set(pid, [cpuMs(pid) ?? 0, cpuMs(pid) ?? 0]);
    } catch {
      // a missed sample only misses backends that start and end before the next one
    }
    // Ones that ended keep their last reading (a reused pid would be a new process: rare enough to ignore).
    for (const [pid, [first]] of this.backends) {
      const now = cpuMs(pid);
      if (now !== undefined && now >= first) this.backends.set(pid, [first, now]);
    }
  }

  async stop(): Promise<CpuUse> {
    if (this.timer) clearInterval(this.timer);
    await this.tracking;
    await this.track();
    await this.client?.end().catch(() => undefined);
    const self = process.cpuUsage(this.selfBefore);
    return {
      wallMs: performance.now() - this.started,
      serversMs: this.serverPids.map((pid, i) => (cpuMs(pid) ?? 0) - this.serversBefore[i]),
      postgresMs: [...this.backends.values()].reduce((sum, [first, last]) => sum + last - first, 0),
      loadGeneratorMs: (self.user + self.system) / 1000,
      machineBusyMs: machineBusyMs() - this.machineBefore,
      cores: os.cpus().length,
    };
  }
}
