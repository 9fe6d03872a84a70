/**
 * The site's time zone, in which both apps show every day and time (issue 29 item 9). The payment reports
 * count days in it, so a list's times must be read in it too, whatever zone the browser is in. A bare ref
 * like current-locale.ts, so format.ts stays loadable in Node; written only by session.ts from getCurrentUser.
 */
import { ref } from 'vue';

export const siteZone = ref('UTC');

export interface WallTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** One formatter per zone: formatTime runs for every time of every list, and building one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The calendar day and clock time of an instant in a zone (the browser's zone plays no part). */
export function wallTime(instant: Date, zone: string): WallTime {
  const parts = formatIn(zone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** Minutes a zone is ahead of UTC at an instant (480 for Asia/Shanghai). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const w = wallTime(instant, zone);
  const asUtc = Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a wall time of a zone names, the wall time given as the ms of the same clock reading in UTC. The
 * offset at the reading taken as UTC is right except near a change; a second pass at the found instant settles it.
 */
export function wallToInstant(wallAsUtc: number, zone: string): number {
  const first = wallAsUtc - zoneOffsetMinutes(new Date(wallAsUtc), zone) * 60_000;
  return wallAsUtc - zoneOffsetMinutes(new Date(first), zone) * 60_000;
}

/** "UTC+08:00 (Asia/Shanghai)", "UTC+00:00 (UTC)": the zone as the apps name it, in either language. */
export function zoneLabel(zone: string, at = new Date()): string {
  const offset = zoneOffsetMinutes(at, zone);
  const abs = Math.abs(offset);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `UTC${offset < 0 ? '-' : '+'}${hhmm} (${zone})`;
}
