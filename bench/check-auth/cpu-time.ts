import fs from 'node:fs';

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc (Linux); NaN elsewhere. */
export function cpuMsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat (1-based), in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
