import { wallTimeExists } from '../../../host/sdk/index.js';

/** Alipay's timestamps are China Standard Time (UTC+8, no daylight saving) as "yyyy-MM-dd HH:mm:ss". */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

export function formatBeijingTime(instant: Date): string {
  return new Date(instant.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** "2024-05-01 12:00:00" (Beijing; refund times add milliseconds, ".320") → RFC 3339 UTC; undefined for anything else. */
export function beijingTimeToIso(text: string | undefined): string | undefined {
  const m = text ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?$/.exec(text) : null;
  // Date.parse would roll "02-30" over to March: a time that does not exist is not a time.
  if (!text || !m || !wallTimeExists(...(m.slice(1, 7).map(Number) as [number, number, number, number, number, number]))) return undefined;
  const ms = Date.parse(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
