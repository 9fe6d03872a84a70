/** Display helpers shared by the pages. */
import { formatMoney as moneyIn } from '../src/host/format/money-text.js';
import { currentLocale } from './i18n/current-locale.js';
import { siteZone, wallTime, wallToInstant } from './i18n/site-zone.js';

/**
 * An RFC 3339 time as "yyyy-mm-dd hh:mm" in the site's time zone (siteZone), `-` when absent: the one way both
 * apps write a time, so a list's day is the day the overview's chart counts it in.
 */
export function formatTime(value?: string | null): string {
  if (!value) return '-';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const w = wallTime(d, siteZone.value);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}`;
}

/** RFC 3339 UTC in whole seconds, as the API's times are written. */
function isoSeconds(at: number): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Today's date yyyy-mm-dd in the site's time zone (a report's default last day). */
export function siteToday(): string {
  return formatTime(new Date().toISOString()).slice(0, 10);
}

/** A datetime-local input value, read in the site's time zone → RFC 3339 UTC; undefined when empty. */
export function localToIso(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!m) return undefined;
  const at = wallToInstant(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0)), siteZone.value);
  return isoSeconds(at);
}

/**
 * A time for a date picker, which shows its Date in the browser's zone: a Date whose browser wall clock reads
 * what the site's zone reads at that instant, so the picker shows the time the lists show. `siteWallToIso` reverses it.
 */
export function isoToSiteWall(value?: string | null): Date | null {
  const d = value ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return null;
  const w = wallTime(d, siteZone.value);
  return new Date(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute, +w.second);
}

/** A date picker's Date (its browser wall clock read as the site zone's) → RFC 3339 UTC in whole seconds. */
export function siteWallToIso(d: Date | null | undefined): string | undefined {
  if (!d || Number.isNaN(d.getTime())) return undefined;
  const at = wallToInstant(
    Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()),
    siteZone.value,
  );
  return isoSeconds(at);
}

/** RFC 3339 → datetime-local input value in the site's time zone. */
export function isoToLocal(value?: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const w = wallTime(d, siteZone.value);
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}`;
}

/**
 * An amount in the page's language, the one way both apps write money (the server's pages and e-mails use the
 * same helper, src/host/format/money-text.ts): `formatMoney('19.90', 'CNY')` → "¥19.90" in Chinese,
 * "CN¥19.90" in English. `amount` is the exact decimal text of the API (never a float); `-` when either is
 * missing.
 */
export function formatMoney(amount: string | number | null | undefined, currency: string | null | undefined): string {
  if (amount === undefined || amount === null || amount === '' || !currency) return '-';
  return moneyIn(amount, currency, currentLocale.value);
}

/** `{CNY: "1.00", USD: "2.00"}` → "¥1.00 · US$2.00" (in Chinese); nothing counted → "0". */
export function formatAmounts(amounts?: Record<string, string>): string {
  const entries = Object.entries(amounts ?? {});
  return entries.length ? entries.map(([cur, v]) => formatMoney(v, cur)).join(' · ') : '0';
}
