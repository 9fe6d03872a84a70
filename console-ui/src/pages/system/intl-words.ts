/** Times, time zones and lists as words in the page's language (the browser's Intl). */

/** "China Standard Time" / "中国标准时间" for an IANA zone; the zone's id when the browser has no name for it. */
export function timeZoneName(zone: string, language: string): string {
  const nameIn = (style: 'longGeneric' | 'long') =>
    new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: style })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
  try {
    // A zone without a generic name (UTC) reads as an offset ("GMT+00:00"): its long name says more.
    const generic = nameIn('longGeneric');
    const name = generic && !/^GMT[+-]/.test(generic) ? generic : nameIn('long');
    return name && name !== zone ? `${name} (${zone})` : zone;
  } catch {
    return zone;
  }
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** "in 3 minutes" / "3 分钟后", "2 hours ago": how far a time is from now. */
export function relativeTime(iso: string | undefined, language: string, now = Date.now()): string {
  if (!iso) return '';
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const diff = at - now;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms || unit === 'second') return format.format(Math.round(diff / ms), unit);
  return '';
}

/** "A, B and C" / "A、B和C". */
export function listText(items: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
}
