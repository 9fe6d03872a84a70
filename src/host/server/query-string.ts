import querystring from 'node:querystring';

/** What Express's extended parser (qs) turns into objects: brackets (also percent-encoded), empty keys, prototype keys. */
const NEEDS_EXTENDED = /[[\]]|%5[bBdD]|__proto__|(?:^|&)=/;
/** qs keeps at most this many repeated values as an array (its arrayLimit); more become an object. */
const EXTENDED_ARRAY_LIMIT = 20;

export type QueryParser = (text: string) => Record<string, unknown>;

/**
 * Express's "extended" query parser (qs: `a[b]=1` gives nested objects) with a fast path: a flat query
 * string — every query our operations define, checkAuth's included — parses to the same object with Node's
 * querystring at a fraction of qs's cost, and this runs on every request that carries a query.
 */
export function withFlatFastPath(extended: QueryParser): QueryParser {
  return (text) => {
    if (NEEDS_EXTENDED.test(text)) return extended(text);
    const flat: Record<string, unknown> = { ...querystring.parse(text) };
    for (const key in flat) {
      const value = flat[key];
      if (Array.isArray(value) && value.length > EXTENDED_ARRAY_LIMIT) return extended(text);
    }
    return flat;
  };
}
