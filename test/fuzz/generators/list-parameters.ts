import fc from 'fast-check';
import { sample, type Sample } from './sample.js';

/**
 * Values for the generic API's list, watch, get and delete parameters that do not decode (issue 28 item 2):
 * integers written as exponents, fractions, signs or hex, or past 2^53 − 1; booleans that are not booleans;
 * resourceVersionMatch values Kubernetes does not know; selectors that break Kubernetes' grammar. Each must
 * be a 4xx, never a 200 that ignores it and never a 500.
 */
export const LIST_PARAMETER_VALUES = [
  '1e3',
  'abc',
  '-1',
  '1.5',
  '0x10',
  ' 1',
  '99999999999999999999',
  '9007199254740992',
  'yes',
  'Newest',
  'exact',
  'a=b=c',
  'a,',
  ',a',
  'a in ()',
  'a in (x',
  '!a=b',
  'a\\x',
  '=x',
  'metadata.name=a=b',
  'metadata.name==',
  'spec.x<1',
];

const SELECTOR_PARTS = [
  'a',
  'b',
  'metadata.name',
  'spec.authUser',
  '=',
  '==',
  '!=',
  '!',
  ',',
  '(',
  ')',
  ' in ',
  ' notin ',
  '\\',
  ' ',
  '<',
  'x',
];

/** Fragments of selector syntax in any order: most are malformed, some happen to be well formed. */
const selectorSoup = fc.array(fc.constantFrom(...SELECTOR_PARTS), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));

const numberText = fc.oneof(
  fc.double({ noNaN: true }).map(String),
  fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
  fc.integer().map((n) => `0x${Math.abs(n).toString(16)}`),
);

export const listParameter: fc.Arbitrary<Sample<string>> = fc
  .oneof(fc.constantFrom(...LIST_PARAMETER_VALUES), selectorSoup, numberText)
  .map((text) => sample('list-parameter', text, encodeURIComponent(text)));

export function canonicalListParameters(): Sample<string>[] {
  return LIST_PARAMETER_VALUES.map((text) => sample('list-parameter', text, encodeURIComponent(text)));
}
