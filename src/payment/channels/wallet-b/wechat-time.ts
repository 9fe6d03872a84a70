import { isCalendarDateTime } from '../../../host/sdk/index.js';

/** WeChat Pay times are RFC 3339 with an offset; it writes China Standard Time (`2024-05-01T12:00:00+08:00`). */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** An instant as WeChat Pay expects `time_expire`: seconds precision, `+08:00`. */
export function formatWechatTime(instant: Date): string {
  return `${new Date(instant.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** RFC 3339 with an offset → our UTC form; undefined for anything else. */
export function wechatTimeToIso(text: unknown): string | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(text) || !isCalendarDateTime(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
