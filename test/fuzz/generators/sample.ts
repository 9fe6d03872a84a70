/**
 * What every generator produces: a hostile value with the family it belongs to and a short summary for the
 * report (the value itself may be 200 KB).
 */
export interface Sample<T> {
  family: string;
  summary: string;
  value: T;
}

/**
 * JSON text spliced verbatim into a serialized body: what JSON.stringify cannot write (1e400, NaN, a key named
 * __proto__ on a literal) or would overflow writing (10,000 levels of nesting).
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export function sample<T>(family: string, summary: string, value: T): Sample<T> {
  return { family, summary, value };
}

/** YAML flow text (anchors and aliases) in place of a value: the body it is part of is sent as application/yaml. */
export class YamlFlow extends RawJson {}

/** Serializes a body that may contain RawJson anywhere inside it. */
export function serializeJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(serializeJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${serializeJson(v)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A short printable summary of a long or odd string. */
export function describe(text: string): string {
  const shown = text.length > 40 ? `${text.slice(0, 30)}…(${text.length} chars)` : text;
  return JSON.stringify(shown);
}
