/** A value Stripe's form encoding can carry: scalars, nested objects and lists. */
export type FormValue = string | number | boolean | undefined | FormValue[] | { [key: string]: FormValue };

/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with nested keys in brackets
 * (`line_items[0][price_data][currency]=eur`, `metadata[paymentId]=…`, `expand[0]=payment_intent`).
 * Undefined values are left out; key order is the object's, so one request always encodes the same way.
 */
export function encodeStripeForm(params: Record<string, FormValue>): string {
  const form = new URLSearchParams();
  const add = (key: string, value: FormValue): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (typeof value === 'object') for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form.toString();
}
