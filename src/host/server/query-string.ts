import querystring from 'node:querystring';

/** What Express's extended parser (qs) turns into objects: brackets (also percent-encoded), empty keys, prototype keys. */
const NEEDS_EXTENDED = /[[\]]|%5[bBdD]|__proto__|(?:^|&)=/;
/** qs keeps at most this many repeated values as an array (its arrayLimit); more become an object. */
const EXTENDED_ARRAY_LIMIT = 20;
/** qs and querystring read at most this many pairs (parameterLimit, maxKeys). */
const MAX_PAIRS = 1000;

export type QueryParser = (text: string) => Record<string, unknown>;

/**
 * Express's "extended" query parser (qs: `a[b]=1` gives nested objects) with fast paths: a flat query
 * string — every query our operations define, checkAuth's included — parses to the same object with Node's
 * querystring at a fraction of qs's cost, and one with nothing to decode is split directly. This runs on
 * every request that carries a query.
 */
export function withFlatFastPath(extended: QueryParser): QueryParser {
  return (text) => {
    // Express passes null when the URL has no query at all.
    if (!text) return {};
    if (NEEDS_EXTENDED.test(text)) return extended(text);
    const plain = splitPlain(text);
    if (plain) return plain;
    const flat: Record<string, unknown> = { ...querystring.parse(text) };
    for (const key in flat) {
      const value = flat[key];
      if (Array.isArray(value) && value.length > EXTENDED_ARRAY_LIMIT) return extended(text);
    }
    return flat;
  };
}

/**
 * A query with no percent escapes and no '+' has nothing to decode: split at '&' and the first '=' it gives
 * what querystring.parse gives, without reading it character by character (a checkAuth query carries a
 * 500-character license, and that scan was a tenth of the server's time per checkAuth). Undefined when the
 * text has something to decode or is past the limits the other parsers apply.
 */
function splitPlain(text: string): Record<string, unknown> | undefined {
  if (text.includes('%') || text.includes('+')) return undefined;
  const out: Record<string, unknown> = {};
  let pairs = 0;
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('&', start);
    if (end === -1) end = text.length;
    if (end > start) {
      if (++pairs > MAX_PAIRS) return undefined;
      const eq = text.indexOf('=', start);
      const key = eq === -1 || eq > end ? text.slice(start, end) : text.slice(start, eq);
      const value = eq === -1 || eq > end ? '' : text.slice(eq + 1, end);
      if (!Object.hasOwn(out, key)) out[key] = value;
      else {
        const prev = out[key];
        const values = Array.isArray(prev) ? prev : (out[key] = [prev]);
        if (values.length >= EXTENDED_ARRAY_LIMIT) return undefined;
        values.push(value);
      }
    }
    start = end + 1;
  }
  return out;
}
