import fc from 'fast-check';
import { MAX_STRING_BYTES } from '../config.js';
import { describe, sample, type Sample } from './sample.js';

/** Strings a name-like or free-text field should refuse or survive: control, bidi and NUL characters. */
export const CONTROL_STRINGS = ['\u0000', 'a\u0000b', '\u202eevil.com', 'x\u001b[2Jy', 'line\r\nX-Injected: 1', '\u0007\u0008\u007f'];
/** Unpaired UTF-16 surrogates: valid in a JS string, not encodable as UTF-8. */
export const SURROGATE_STRINGS = ['\ud800', 'a\udc00b', '\udfff\ud800'];
/** Numbers written as strings: huge, exponent, non-finite, hexadecimal, negative zero. */
export const NUMERIC_STRINGS = [
  '99999999999999999999',
  '1e20',
  '1e400',
  '-1',
  '0',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  '9007199254740993',
  '1.5',
];
/** Long strings: over every field limit, up to MAX_STRING_BYTES. */
export const HUGE_STRINGS = ['a'.repeat(10_000), 'é'.repeat(MAX_STRING_BYTES / 4), 'x'.repeat(MAX_STRING_BYTES)];

const controlChar = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

export const controlString = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.oneof(controlChar, fc.constantFrom('\u202e', '\u2066', '\u200b', '\ufeff')),
    fc.string({ maxLength: 8 }),
  )
  .map(([a, c, b]) => sample('control-characters', describe(a + c + b), a + c + b));

export const surrogateString = fc
  .tuple(fc.string({ maxLength: 6 }), loneSurrogate, fc.string({ maxLength: 6 }))
  .map(([a, s, b]) => sample('lone-surrogate', describe(a + s + b), a + s + b));

export const numericString = fc
  .oneof(fc.constantFrom(...NUMERIC_STRINGS), fc.double().map(String), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String))
  .map((s) => sample('numeric-string', describe(s), s));

export const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: MAX_STRING_BYTES }), fc.constantFrom('a', 'é', '𝄞', '%', '\\'))
  .map(([n, ch]) => {
    const text = ch.repeat(Math.max(1, Math.floor(n / Buffer.byteLength(ch))));
    return sample('huge-string', `${JSON.stringify(ch)} × ${text.length}`, text);
  });

export function canonicalStrings(): Sample<string>[] {
  return [
    ...CONTROL_STRINGS.map((s) => sample('control-characters', describe(s), s)),
    ...SURROGATE_STRINGS.map((s) => sample('lone-surrogate', describe(s), s)),
    ...NUMERIC_STRINGS.map((s) => sample('numeric-string', describe(s), s)),
    ...HUGE_STRINGS.map((s) => sample('huge-string', describe(s), s)),
  ];
}
