/** Display helpers shared by the pages. */
import { formatMoney as moneyIn } from '../src/host/format/money-text.js';
import { currentLocale } from './i18n/current-locale.js';

/** An RFC 3339 time in the browser's local time, `-` when absent. */
export function formatTime(value?: string | null): string {
  if (!value) return '-';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input value → RFC 3339 UTC, undefined when empty. */
export function localToIso(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** RFC 3339 → datetime-local input value. */
export function isoToLocal(value?: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
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
