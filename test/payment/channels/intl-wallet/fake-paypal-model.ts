/**
 * The resources of the local PayPal gateway (orders, captures, refunds), PayPal's decimals table and its error
 * body `{name, message, debug_id, details: [{issue, description}]}`, written independently of src/.
 */
import { randomBytes } from 'node:crypto';

export type Json = Record<string, unknown>;
export interface Amount {
  currency_code: string;
  value: string;
}

export interface FakeCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Amount;
  orderId: string;
  customId: string;
  time: string;
  refundedMinor: number;
}

export interface FakeRefund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED';
  amount: Amount;
  captureId: string;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  time: string;
}

export interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  unit: { custom_id?: string; invoice_id?: string; description?: string; amount: Amount };
  experience: Json;
  captureId?: string;
  time: string;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  body: string;
  requestId?: string;
  authorization: string;
}

/** Misbehaviour for the next request(s): each request takes one from the front of the list. */
export type Fault = 'http500' | 'drop' | 'stall' | 'notJson' | 'revokeToken';

/** What the next capture does: complete, stay pending (eCheck, review), or be refused for the payer's instrument. */
export type CaptureOutcome = 'COMPLETED' | 'PENDING' | 'INSTRUMENT_DECLINED';

/** PayPal's decimals per currency: HUF, JPY and TWD take none (PayPal's table, not ISO's). */
export const DECIMALS: Record<string, number> = { HUF: 0, JPY: 0, TWD: 0 };
export const SUPPORTED = 'AUD BRL CAD CHF CNY CZK DKK EUR GBP HKD HUF ILS JPY MXN MYR NOK NZD PHP PLN SEK SGD THB TWD USD'.split(' ');

export function toMinor(amount: Amount): number {
  const places = DECIMALS[amount.currency_code] ?? 2;
  const [whole, fraction = ''] = amount.value.split('.');
  return Number(whole) * 10 ** places + Number(fraction.padEnd(places, '0') || '0');
}

export function fromMinor(minor: number, currency: string): Amount {
  const places = DECIMALS[currency] ?? 2;
  const text = String(minor).padStart(places + 1, '0');
  return { currency_code: currency, value: places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}` };
}

export const id17 = () =>
  randomBytes(12)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'X')
    .toUpperCase()
    .slice(0, 17);
export const now = () => `${new Date().toISOString().slice(0, 19)}Z`;
export const error = (status: number, name: string, issue: string, description: string): [number, Json] => [
  status,
  { name, message: description, debug_id: randomBytes(6).toString('hex'), details: [{ issue, description }], links: [] },
];
