import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Frames V8 reports for time not spent in JavaScript of the process: left out of the busy time. */
const NOT_BUSY = new Set(['(idle)', '(program)']);

/**
 * Where a frame's code lives: `src/<service>/<family>` for the project's code, the package for a dependency,
 * `node:<module>` for Node's own JavaScript, and the frame's name for native and generated code (ajv's compiled
 * validators are generated functions without a URL).
 */
export function areaOf(frame: { functionName: string; url: string }): string {
  const { url, functionName } = frame;
  const src = /\/src\/([^/]+)\/([^/]+)/.exec(url);
  if (src) return `src/${src[1]}/${src[2].replace(/\.ts$/, '')}`;
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const builtin = /^node:(?:internal\/)?([^/]+)/.exec(url);
  if (builtin) return `node:${builtin[1]}`;
  if (functionName.startsWith('(')) return functionName;
  return url ? url : `native or generated: ${functionName || '(anonymous)'}`;
}

/** A stretch of the profile, counted back from its last sample: [fromEndMs, toEndMs), fromEndMs > toEndMs. */
export interface Window {
  fromEndMs: number;
  toEndMs: number;
}

/** Self time by area in a window of the profile, as shares of its busy time (every sample but idle and program). */
export function selfTimeByArea(file: string, window: Window): { busyMs: number; areas: Array<{ area: string; share: number }> } {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const at: number[] = [];
  let clock = 0;
  for (const delta of profile.timeDeltas) at.push((clock += delta));
  const byArea = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const fromEndMs = (clock - at[i]) / 1000;
    if (fromEndMs >= window.fromEndMs || fromEndMs < window.toEndMs) return;
    const frame = nodes.get(id)!.callFrame;
    if (NOT_BUSY.has(frame.functionName)) return;
    const delta = profile.timeDeltas[i] ?? 0;
    busy += delta;
    const area = areaOf(frame);
    byArea.set(area, (byArea.get(area) ?? 0) + delta);
  });
  const areas = [...byArea.entries()].map(([area, us]) => ({ area, share: us / busy })).sort((x, y) => y.share - x.share);
  return { busyMs: busy / 1000, areas };
}
