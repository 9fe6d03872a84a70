import { parseTimestamp, toTimestamp } from '../../host/sdk/index.js';
import { randomString, type RandomBytes } from './random-string.js';

/** Digits and upper-case letters without 0/O, 1/I/L: nothing a reader can mistake for another symbol. */
export const FREE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const FREE_CODE_LENGTH = 8;
/** A temporary free code is valid for 5 minutes after it is made (spec). */
export const FREE_CODE_TTL_MS = 5 * 60 * 1000;

const FREE_CODE_PATTERN = new RegExp(`^[${FREE_CODE_ALPHABET}]{${FREE_CODE_LENGTH}}$`);

/** 8 symbols of 31 ≈ 39.6 bits: enough for a code that lives 5 minutes and works once. */
export function generateFreeCode(randomBytes?: RandomBytes): string {
  return randomString(FREE_CODE_ALPHABET, FREE_CODE_LENGTH, randomBytes);
}

/** Upper-cases and drops spaces and dashes; undefined when the result is not a well-formed free code. */
export function normalizeFreeCode(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined;
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return FREE_CODE_PATTERN.test(code) ? code : undefined;
}

/** The first instant at which a code made at createdAt no longer works. */
export function freeCodeExpiresAt(createdAt: string): string | undefined {
  const ms = parseTimestamp(createdAt);
  return ms === undefined ? undefined : toTimestamp(ms + FREE_CODE_TTL_MS);
}
