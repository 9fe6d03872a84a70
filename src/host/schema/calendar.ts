/**
 * The one check that a date or time read from input names a moment that exists. `Date.parse` and
 * `Date.UTC` roll an impossible date over (`2025-02-30` becomes 2 March) or give NaN, so every date read
 * from a person or a provider passes here first: the day exists in its month (leap years counted), hours
 * are 00–23, minutes and seconds 00–59 (no leap second 60: no store or provider keeps one), and an offset
 * is at most ±23:59.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** RFC 3339 date-time: `T`, `t` or one space between date and time; `Z`, `z` or `±hh:mm` at the end. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Whether the day exists: month 1–12, day 1 to the month's length in that year. */
export function dayExists(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]);
}

/** Whether a wall-clock time exists: 00:00:00 to 23:59:59. */
export function timeExists(hour: number, minute: number, second: number): boolean {
  return (
    [hour, minute, second].every(Number.isInteger) && hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59
  );
}

/** Whether a wall-clock date and time exists (the two checks above together). */
export function wallTimeExists(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  return dayExists(year, month, day) && timeExists(hour, minute, second);
}

/** `yyyy-mm-dd` naming a day that exists. */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  return m !== null && dayExists(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** An RFC 3339 date-time whose day, time and offset all exist. */
export function isCalendarDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m || !isCalendarDate(m[1])) return false;
  if (!timeExists(Number(m[2]), Number(m[3]), Number(m[4]))) return false;
  return m[7] === undefined || (Number(m[7]) <= 23 && Number(m[8]) <= 59);
}

/** Either of the two: the form of query bounds that take a whole day or an instant. */
export function isCalendarDateOrDateTime(value: string): boolean {
  return isCalendarDate(value) || isCalendarDateTime(value);
}

/**
 * A date (taken as midnight UTC) or RFC 3339 date-time → epoch milliseconds, or undefined when it is not
 * one or names a moment that does not exist. The only way input dates should become numbers.
 */
export function parseCalendarTime(value: string): number | undefined {
  if (!isCalendarDateOrDateTime(value)) return undefined;
  const ms = Date.parse(isCalendarDate(value) ? `${value}T00:00:00Z` : value.replace(' ', 'T').toUpperCase());
  return Number.isNaN(ms) ? undefined : ms;
}
