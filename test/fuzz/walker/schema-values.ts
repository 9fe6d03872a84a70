/**
 * A plausible value for a JSON schema (required properties only, the first enum value, the minimum): the
 * baseline a mutation spoils in one place, so the hostile value travels past the checks of the other fields.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  minLength?: number;
  format?: string;
  pattern?: string;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

function plausibleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.format === 'uri' || /url$/i.test(name)) return 'https://example.com/fuzz';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (schema.format === 'date') return '2026-01-01';
  if (/password/i.test(name)) return 'fuzz-password-1';
  if (/domain/i.test(name)) return 'fuzz.example.com';
  return 'fuzz-a1'.padEnd(Math.max(7, schema.minLength ?? 0), 'x');
}

/** Values the schemas leave open but the handlers check against a registry (the payment channel built in). */
const PLAUSIBLE_BY_NAME: Record<string, unknown> = { paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' };

export function plausibleValue(schema: JsonSchema | undefined, name = ''): unknown {
  if (name in PLAUSIBLE_BY_NAME) return PLAUSIBLE_BY_NAME[name];
  if (!schema) return 'fuzz';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.length) return plausibleValue(alternatives[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = plausibleValue(schema.properties?.[key], key);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    default:
      return plausibleString(schema, name);
  }
}

/** The value of a path or query parameter as it goes in the URL. */
export function plausibleParameter(schema: JsonSchema | undefined, name: string): string {
  return encodeURIComponent(String(plausibleValue(schema, name)));
}
