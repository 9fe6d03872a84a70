import fc from 'fast-check';
import { RawJson, sample, type Sample } from './sample.js';

/**
 * Numbers in a JSON body: beyond double range (1e400 parses to Infinity), beyond safe integers, negative,
 * fractional where integers are expected, and the non-finite literals JSON does not allow.
 */
export const HUGE_NUMBER_LITERALS = ['1e400', '-1e400', '99999999999999999999', '9007199254740993', '1e308', '-1', '0.5', '-0', '1e-400'];
export const NON_FINITE_LITERALS = ['NaN', 'Infinity', '-Infinity'];

export const hugeNumber = fc
  .oneof(
    fc.constantFrom(...HUGE_NUMBER_LITERALS),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? '-0' : String(d))),
    fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  )
  .map((text) => sample('huge-number', text, new RawJson(text)));

export const nonFinite = fc.constantFrom(...NON_FINITE_LITERALS).map((text) => sample('non-finite-number', text, new RawJson(text)));

export function canonicalNumbers(): Sample<RawJson>[] {
  return [
    ...HUGE_NUMBER_LITERALS.map((t) => sample('huge-number', t, new RawJson(t))),
    ...NON_FINITE_LITERALS.map((t) => sample('non-finite-number', t, new RawJson(t))),
  ];
}
