import { toTimestamp, wallTimeExists } from '../../host/sdk/index.js';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * Converts any RFC 3339 timestamp to the stored form (UTC, whole seconds, "Z"), or undefined when the text is
 * not one. Records are filtered and sorted by string order of their times, which only equals time order when
 * every stored time has this one form, so imports and edits pass their times through here.
 * Fractions of a second are cut off (not rounded); impossible dates such as 02-30 are refused.
 */
export function canonicalTimestamp(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = RFC3339.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (!wallTimeExists(year, month, day, hour, minute, second)) return undefined;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetMinutes = m[9] ? (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11])) : 0;
  if (m[9] && (Number(m[10]) > 23 || Number(m[11]) > 59)) return undefined;
  return toTimestamp(wall - offsetMinutes * 60_000);
}
