/** Display helpers shared by the pages. */

/** An RFC 3339 time in the browser's local time, `-` when absent. */
export function formatTime(value?: string | null): string {
  if (!value) return '-';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input value → RFC 3339 UTC, undefined when empty. */
export function localToIso(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** RFC 3339 → datetime-local input value. */
export function isoToLocal(value?: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `{CNY: "1.00", USD: "2.00"}` → "CNY 1.00 · USD 2.00". */
export function formatAmounts(amounts?: Record<string, string>): string {
  const entries = Object.entries(amounts ?? {});
  return entries.length ? entries.map(([cur, v]) => `${cur} ${v}`).join(' · ') : '0';
}
