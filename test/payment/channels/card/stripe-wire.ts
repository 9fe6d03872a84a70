/**
 * Stripe's wire format as the fake API reads it, written here independently of src/: bracketed form keys
 * (`line_items[0][price_data][currency]`, `expand[]`, `expand[0]`) into nested objects and lists, and the
 * currency rules of docs.stripe.com/currencies (zero-decimal list, three-decimal currencies whose last digit
 * must be 0, ISK and UGX written with two decimals that are always 00).
 */
export type FormTree = { [key: string]: string | FormTree | Array<string | FormTree> };

/** Parses `a[b][0][c]=v&expand[]=x` into `{a: {b: [{c: 'v'}]}, expand: ['x']}`. */
export function parseStripeForm(text: string): FormTree {
  const root: FormTree = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: FormTree | Array<string | FormTree> = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]);
      const container = node as Record<string, unknown> & unknown[];
      const slot = segment === '' ? container.length : segment;
      if (last) {
        container[slot as never] = value as never;
      } else {
        container[slot as never] ??= (nextIsIndex ? [] : {}) as never;
        node = container[slot as never] as FormTree;
      }
    });
  }
  return root;
}

export const ZERO_DECIMAL = ['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'vnd', 'vuv', 'xaf', 'xof', 'xpf'];
export const THREE_DECIMAL = ['bhd', 'jod', 'kwd', 'omr', 'tnd'];
/** Zero-decimal in ISO 4217, written by Stripe as two-decimal amounts ending in 00. */
export const WHOLE_UNITS_AS_CENTS = ['isk', 'ugx'];

/** Why Stripe would refuse an `amount` in a currency, or undefined when it takes it. */
export function amountProblem(amount: number, currency: string): string | undefined {
  if (!Number.isSafeInteger(amount) || amount < 1) return 'amount must be a positive integer';
  if (WHOLE_UNITS_AS_CENTS.includes(currency) && amount % 100 !== 0) {
    const code = currency.toUpperCase();
    return `Invalid amount. Currency ${code} has become effectively zero-decimal and charged amounts must be evenly divisible by 100.`;
  }
  if (THREE_DECIMAL.includes(currency) && amount % 10 !== 0) return `Amounts in ${currency.toUpperCase()} must end in 0.`;
  return undefined;
}
