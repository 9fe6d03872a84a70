import { _, type Ajv } from 'ajv';

/**
 * `x-decimal-places: n` — a number, or a decimal string, carries at most n digits after the point. Money
 * fields use it with the currency's minor digits (a CNY price takes 0.01, never 0.001), so too fine an
 * amount is a 400 at the field instead of being rounded or stored. An `x-` name, as OpenAPI and CRD
 * schemas allow extensions, so the same schema serves operation bodies, settings and the generic API.
 */
export const DECIMAL_PLACES_KEYWORD = 'x-decimal-places';

const DECIMAL_TEXT = /^[+-]?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Digits after the point in the value's decimal form: a number's shortest round-trip text (0.1 + 0.2 is
 * 0.30000000000000004: 17), exponent forms included (1.5e-7: 8). Undefined for a string that is no decimal
 * (its own format or pattern speaks for it).
 */
export function fractionDigits(value: number | string): number | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return Math.max(0, fraction.length - Number(match[3] ?? 0));
}

/** Adds the keyword to an ajv instance (createAjv does, for every ajv the host builds). */
export function addDecimalPlacesKeyword(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: DECIMAL_PLACES_KEYWORD,
    type: ['number', 'string'],
    schemaType: 'number',
    error: {
      message: ({ schema }) => `must have at most ${String(schema)} decimal places`,
      params: ({ schema }) => _`{limit: ${schema as number}}`,
    },
    validate: (limit: number, value: number | string) => {
      const digits = fractionDigits(value);
      return digits === undefined || digits <= limit;
    },
  });
}
