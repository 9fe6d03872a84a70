import crypto from 'node:crypto';

/** Source of random bytes; crypto.randomBytes unless a test injects a fixed sequence. */
export type RandomBytes = (size: number) => Uint8Array;

/**
 * `length` characters drawn uniformly from `alphabet` (at most 256 symbols). Bytes at or above the largest
 * multiple of the alphabet size are discarded, so no symbol is more likely than another (no modulo bias).
 */
export function randomString(alphabet: string, length: number, randomBytes: RandomBytes = crypto.randomBytes): string {
  const size = alphabet.length;
  if (size < 2 || size > 256) throw new RangeError('alphabet must hold 2 to 256 symbols');
  const accept = 256 - (256 % size);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length - out.length + 4)) {
      if (byte < accept) out += alphabet[byte % size];
      if (out.length === length) break;
    }
  }
  return out;
}
