import fs from 'node:fs';

/** Fields of /proc/<pid>/stat after the command name, in clock ticks (100 per second): utime, stime, cutime, cstime. */
function ticks(pid: number | 'self'): { own: number; children: number } | undefined {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime and cstime are fields 14 to 17 of the stat line (1-based).
    return { own: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc (Linux); NaN elsewhere. */
export function cpuMsOf(pid: number): number {
  const t = ticks(pid);
  return t ? t.own * 10 : Number.NaN;
}

/** CPU time of this process's finished children (a wrk run), in milliseconds; NaN elsewhere. */
export function childrenCpuMs(): number {
  const t = ticks('self');
  return t ? t.children * 10 : Number.NaN;
}
