/** Alipay's timestamps are China Standard Time (UTC+8, no daylight saving) as "yyyy-MM-dd HH:mm:ss". */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

export function formatBeijingTime(instant: Date): string {
  return new Date(instant.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** "2024-05-01 12:00:00" (Beijing; refund times add milliseconds, ".320") → RFC 3339 UTC; undefined for anything else. */
export function beijingTimeToIso(text: string | undefined): string | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?$/.test(text)) return undefined;
  const ms = Date.parse(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
