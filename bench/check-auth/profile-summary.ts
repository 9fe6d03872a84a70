/**
 * Summarises a V8 .cpuprofile (node --cpu-prof; bench:check-auth writes them with BENCH_CPU_PROF=<dir>):
 * self time by function and total (inclusive) time by function, as shares of the profile's busy time, so a
 * flame graph's wide frames can be read as text. With lastSeconds, only the samples of the profile's last
 * seconds count (the load run just before the server stopped, without start-up and warm-up).
 * Usage: tsx bench/check-auth/profile-summary.ts <file> [top] [lastSeconds]
 */
import fs from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, lastArg] = process.argv.slice(2);
const top = Number(topArg ?? 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (f: Frame) => {
  const where = f.url.replace(/^.*\/(node_modules|dist|src)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}`;
};
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);
const self = new Map<string, number>();
const total = new Map<string, number>();
let busy = 0;
let all = 0;
const end = profile.timeDeltas.reduce((sum, dt) => sum + dt, 0);
const from = lastArg ? end - Number(lastArg) * 1e6 : 0;
let at = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  if (at < from) return;
  all += dt;
  const node = byId.get(id);
  if (!node) return;
  const name = node.callFrame.functionName;
  if (name === '(idle)') return;
  busy += dt;
  const key = IDLE.has(name) ? name : label(node.callFrame);
  self.set(key, (self.get(key) ?? 0) + dt);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const k = label(byId.get(cur)!.callFrame);
    if (seen.has(k)) continue;
    seen.add(k);
    total.set(k, (total.get(k) ?? 0) + dt);
  }
});
const pct = (v: number) => `${((v / busy) * 100).toFixed(1).padStart(5)} %`;
const print = (title: string, m: Map<string, number>) => {
  process.stdout.write(`\n${title}\n`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${pct(v)}  ${k}\n`);
};
process.stdout.write(`profile ${(all / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${((busy / all) * 100).toFixed(0)} %)\n`);
print('self time', self);
print('total time (inclusive)', total);
