import fc from 'fast-check';
import { describe, sample, type Sample } from './sample.js';
import { canonicalStrings, controlString, numericString, surrogateString } from './strings.js';

/**
 * Percent-encodes every UTF-16 code unit as its WTF-8 bytes, so a lone surrogate becomes %ED%A0%80: bytes that
 * are not UTF-8 and that decodeURIComponent refuses (encodeURIComponent would throw instead of sending them).
 */
export function percentEncodeWtf8(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]);
    }
  }
  return out;
}

/** Percent sequences that no decoder accepts: truncated, non-hex, overlong UTF-8, encoded surrogates. */
export const INVALID_PERCENT = ['%E0%A4%A', '%', '%zz', 'a%2', '%C0%AF', '%ED%A0%80', '%FF%FE', '%%32%65'];
/** Sequences that decode to something a router or a store might misread: NUL, slash, dot segments. */
export const TRICKY_PERCENT = ['%00', '%2F..%2F..%2Fetc%2Fpasswd', '..%2F', '%2e%2e', '%0d%0aX-Injected:%201'];
/** URL lengths: long, near Node's 16 KB header limit, past it (431 expected). */
export const LONG_URL_LENGTHS = [2_000, 12_000, 20_000];

export const invalidPercent = fc
  .tuple(fc.constantFrom(...INVALID_PERCENT, ...TRICKY_PERCENT), fc.stringMatching(/^[a-z0-9]{0,4}$/))
  .map(([bad, tail]) => sample('invalid-percent-encoding', bad + tail, bad + tail));

const longUrl = fc.integer({ min: 500, max: 20_000 }).map((n) => sample('huge-string', `"a" × ${n}`, 'a'.repeat(n)));

/** Text placed in a path segment or a query value, already encoded as it goes on the wire. */
export const urlValue: fc.Arbitrary<Sample<string>> = fc.oneof(
  invalidPercent,
  longUrl,
  ...[controlString, surrogateString, numericString].map((arb) => arb.map((s) => ({ ...s, value: percentEncodeWtf8(s.value) }))),
);

export function canonicalUrlValues(): Sample<string>[] {
  const strings = canonicalStrings()
    .filter((s) => s.family !== 'huge-string')
    .map((s) => ({ ...s, value: percentEncodeWtf8(s.value) }));
  return [
    ...INVALID_PERCENT.map((t) => sample('invalid-percent-encoding', t, t)),
    ...TRICKY_PERCENT.map((t) => sample('invalid-percent-encoding', t, t)),
    ...LONG_URL_LENGTHS.map((n) => sample('huge-string', describe('a'.repeat(n)), 'a'.repeat(n))),
    ...strings,
  ];
}

/** Query strings shaped so a parser builds arrays or objects, or touches the prototype. */
export const QUERY_SHAPES = ['NAME=1&NAME=2', 'NAME[]=1', 'NAME[a]=1', 'NAME[__proto__][x]=1', 'NAME', 'NAME=&NAME='];
export const PROTOTYPE_QUERIES = ['__proto__[polluted]=1', 'constructor[prototype][polluted]=1', '__proto__=1', 'hasOwnProperty=1'];
