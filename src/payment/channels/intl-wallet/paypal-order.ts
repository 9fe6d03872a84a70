import { parseAmount, type Money } from '../../money/index.js';
import { paypalTimeToIso } from './paypal-time.js';

type Json = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);

/** A capture as read from an order, a capture answer or a webhook resource. */
export interface CaptureFacts {
  id?: string;
  status?: string;
  amount?: Money;
  /** RFC 3339, when PayPal last changed it (the completion time of a COMPLETED capture). */
  time?: string;
  customId?: string;
  /** The PayPal order the capture belongs to (`supplementary_data.related_ids.order_id`). */
  orderId?: string;
}

/** What we read of a PayPal order (Orders v2): its first purchase unit carries our payment number. */
export interface OrderFacts {
  id?: string;
  status?: string;
  customId?: string;
  amount?: Money;
  capture?: CaptureFacts;
  refunds: Json[];
  links: Json[];
  /** PayPal's issue when our capture was refused (INSTRUMENT_DECLINED): not paid, the payer may approve again. */
  declinedIssue?: string;
}

/**
 * A PayPal amount `{currency_code, value: "10.00"}` in integer minor units of its currency. Undefined when
 * absent; `malformed` when present but unreadable (another exponent, a currency we do not know).
 */
export function readAmount(value: unknown): Money | 'malformed' | undefined {
  const amount = obj(value);
  if (amount.value === undefined && amount.currency_code === undefined) return undefined;
  try {
    return parseAmount(str(amount.value) ?? '', str(amount.currency_code) ?? '', { field: 'amount' });
  } catch {
    return 'malformed';
  }
}

export function readCapture(value: unknown): CaptureFacts {
  const capture = obj(value);
  const amount = readAmount(capture.amount);
  return {
    id: str(capture.id),
    status: str(capture.status),
    amount: amount === 'malformed' ? undefined : amount,
    time: paypalTimeToIso(capture.update_time) ?? paypalTimeToIso(capture.create_time),
    customId: str(capture.custom_id) ?? str(capture.invoice_id),
    orderId: str(obj(obj(capture.supplementary_data).related_ids).order_id),
  };
}

/** The paid capture when there is one, else the latest (a PENDING or DECLINED one). */
function chooseCapture(captures: Json[]): Json | undefined {
  return captures.find((c) => ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(str(c.status) ?? '')) ?? captures.at(-1);
}

export function readOrder(body: Json): OrderFacts {
  const unit = list(body.purchase_units)[0] ?? {};
  const payments = obj(unit.payments);
  const capture = chooseCapture(list(payments.captures));
  const amount = readAmount(unit.amount);
  return {
    id: str(body.id),
    status: str(body.status),
    customId: str(unit.custom_id) ?? str(unit.invoice_id),
    amount: amount === 'malformed' ? undefined : amount,
    capture: capture ? readCapture(capture) : undefined,
    refunds: list(payments.refunds),
    links: list(body.links),
  };
}

/** The link the payer approves the order at: `payer-action` (payment_source.paypal) or the older `approve`. */
export function approveLink(order: OrderFacts): string | undefined {
  const link = order.links.find((l) => l.rel === 'payer-action') ?? order.links.find((l) => l.rel === 'approve');
  return str(link?.href);
}
