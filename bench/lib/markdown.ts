/** Markdown helpers for benchmark reports. */

export function table(header: string[], rows: Array<Array<string | number>>): string {
  const line = (cells: Array<string | number>) => `| ${cells.map((c) => String(c)).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Milliseconds with precision that suits their size (0.042, 1.35, 250). */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value < 1) return value.toFixed(3);
  if (value < 100) return value.toFixed(2);
  return value.toFixed(0);
}

export function thousands(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

/** ✅/❌ against a "less than" target. */
export function verdict(value: number, target: number): string {
  return value < target ? `met (< ${target})` : `**missed** (target < ${target})`;
}
