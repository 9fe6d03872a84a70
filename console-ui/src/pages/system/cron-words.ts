/**
 * A job's cron expression (five fields, or six with seconds first: the host scheduler's form) as words,
 * for the shapes the jobs actually use: every N seconds/minutes/hours, hourly, daily, weekly, monthly.
 * Anything else is "custom schedule" (the page shows the expression beside the words in every case).
 */
import { translate } from '@shared/i18n/index.js';

const NUMBER = /^\d+$/;
const STEP = /^(?:\*|0)\/(\d+)$/;

const num = (field: string) => (NUMBER.test(field) ? Number(field) : undefined);
const step = (field: string) => {
  const m = STEP.exec(field);
  return m ? Number(m[1]) : undefined;
};
const pad = (n: number) => String(n).padStart(2, '0');

function clock(hour: number, minute: number, second: number): string {
  return second ? `${pad(hour)}:${pad(minute)}:${pad(second)}` : `${pad(hour)}:${pad(minute)}`;
}

/** Monday, Tuesday … in the page's language (cron weekdays: 0 and 7 are Sunday). */
function weekdayName(day: number, language: string): string {
  const sunday = new Date(Date.UTC(2024, 0, 7)); // a Sunday
  const date = new Date(sunday.getTime() + (day % 7) * 86_400_000);
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(date);
}

function describeSubDaily(second: string, minute: string, hour: string): string | undefined {
  if (hour !== '*') return undefined;
  if (second === '*' && minute === '*') return translate('system.jobs.cron.everySecond');
  if (step(second) !== undefined && minute === '*') return translate('system.jobs.cron.everyNSeconds', { n: step(second)! }, step(second)!);
  const s = num(second);
  if (s === undefined) return undefined;
  if (minute === '*')
    return s === 0 ? translate('system.jobs.cron.everyMinute') : translate('system.jobs.cron.everyMinuteAt', { second: s });
  if (step(minute) !== undefined) return translate('system.jobs.cron.everyNMinutes', { n: step(minute)! }, step(minute)!);
  const m = num(minute);
  if (m === undefined) return undefined;
  return m === 0 ? translate('system.jobs.cron.hourlyOnTheHour') : translate('system.jobs.cron.hourly', { minute: m });
}

/** The expression in words, or the words for "custom schedule". */
export function describeCron(expression: string, language: string): string {
  const fields = expression.trim().split(/\s+/);
  if (fields.length === 5) fields.unshift('0');
  const custom = translate('system.jobs.cron.custom');
  if (fields.length !== 6) return custom;
  const [second, minute, hour, dayOfMonth, month, dayOfWeek] = fields;
  if (month !== '*') return custom;
  if (dayOfMonth === '*' && dayOfWeek === '*') {
    const subDaily = describeSubDaily(second, minute, hour);
    if (subDaily) return subDaily;
  }
  const [s, m] = [num(second), num(minute)];
  if (s === undefined || m === undefined) return custom;
  if (step(hour) !== undefined && dayOfMonth === '*' && dayOfWeek === '*')
    return translate('system.jobs.cron.everyNHours', { n: step(hour)!, minute: m }, step(hour)!);
  const h = num(hour);
  if (h === undefined) return custom;
  const time = clock(h, m, s);
  if (dayOfMonth === '*' && dayOfWeek === '*') return translate('system.jobs.cron.daily', { time });
  if (dayOfMonth === '*' && num(dayOfWeek) !== undefined)
    return translate('system.jobs.cron.weekly', { weekday: weekdayName(num(dayOfWeek)!, language), time });
  if (dayOfWeek === '*' && num(dayOfMonth) !== undefined) return translate('system.jobs.cron.monthly', { day: num(dayOfMonth)!, time });
  return custom;
}
