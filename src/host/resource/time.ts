/**
 * Every timestamp the service stores is RFC 3339 UTC with second precision ("2026-01-02T03:04:05Z"),
 * so that string order equals time order in both database backends.
 */
export function toTimestamp(date: Date | number): string {
  const d = typeof date === 'number' ? new Date(date) : date;
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function nowTimestamp(clock: () => number = Date.now): string {
  return toTimestamp(clock());
}

export function parseTimestamp(value: string | undefined | null): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
