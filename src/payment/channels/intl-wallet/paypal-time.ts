import { isCalendarDateTime, toTimestamp } from '../../../host/sdk/index.js';

/**
 * PayPal's times (`create_time`, `update_time`, PAYPAL-TRANSMISSION-TIME) are RFC 3339 → the stored form
 * (UTC, whole seconds, as PayPal writes them);
 * undefined for anything else, including a day or time that does not exist (Date.parse would roll it over).
 */
export function paypalTimeToIso(text: unknown): string | undefined {
  if (typeof text !== 'string' || !isCalendarDateTime(text)) return undefined;
  const ms = Date.parse(text.replace(' ', 'T').toUpperCase());
  return Number.isNaN(ms) ? undefined : toTimestamp(ms);
}
