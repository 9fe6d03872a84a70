import os from 'node:os';

/** Where a figure was measured; printed with every benchmark section. */
export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  date: string;
  /** 1, 5 and 15 minute load averages when sampled: other work on the machine skews timings. */
  loadAverage: string;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

export function describeMachine(m: MachineInfo): string {
  return (
    `${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB RAM, Node ${m.node}, ${m.platform}; measured ${m.date}, load average `
    + `${m.loadAverage}`
  );
}
