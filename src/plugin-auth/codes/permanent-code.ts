import { randomString, type RandomBytes } from './random-string.js';

/** Crockford base32: digits and letters without I, L, O, U. 32 symbols = 5 bits each. */
export const PERMANENT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 20 symbols = 100 bits of randomness (DESIGN asks for at least 80). */
export const PERMANENT_CODE_LENGTH = 20;
export const PERMANENT_CODE_GROUP = 5;

const RAW_PATTERN = new RegExp(`^[${PERMANENT_CODE_ALPHABET}]{${PERMANENT_CODE_LENGTH}}$`);
/** Crockford decoding: the letters left out of the alphabet read as the digits they look like. */
const LOOK_ALIKES: Record<string, string> = { O: '0', I: '1', L: '1' };

/** A new code in its stored and printed form: `XXXXX-XXXXX-XXXXX-XXXXX`. */
export function generatePermanentCode(randomBytes?: RandomBytes): string {
  return formatPermanentCode(randomString(PERMANENT_CODE_ALPHABET, PERMANENT_CODE_LENGTH, randomBytes));
}

/** `count` distinct codes (a 100-bit collision inside one batch is practically impossible, but cheap to rule out). */
export function generatePermanentCodes(count: number, randomBytes?: RandomBytes): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generatePermanentCode(randomBytes));
  return [...codes];
}

/** Groups 20 raw symbols as `XXXXX-XXXXX-XXXXX-XXXXX`. */
export function formatPermanentCode(raw: string): string {
  const groups: string[] = [];
  for (let i = 0; i < raw.length; i += PERMANENT_CODE_GROUP) groups.push(raw.slice(i, i + PERMANENT_CODE_GROUP));
  return groups.join('-');
}

/**
 * The stored form of a code as a buyer may type it: any case, dashes and spaces anywhere or missing, O for 0
 * and I or L for 1. Undefined when it cannot be a permanent code.
 */
export function normalizePermanentCode(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined;
  const raw = input
    .replace(/[\s-]/g, '')
    .toUpperCase()
    .replace(/[OIL]/g, (ch) => LOOK_ALIKES[ch]);
  return RAW_PATTERN.test(raw) ? formatPermanentCode(raw) : undefined;
}
