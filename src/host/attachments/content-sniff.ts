import type { AttachmentType } from './types.js';

/**
 * The image type the bytes begin with (their magic numbers), or undefined. An upload must be what it claims:
 * the file is served under its declared type with `nosniff`, and a mismatch is a mistake worth telling.
 */
export function sniffImageType(data: Buffer): AttachmentType | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (data.subarray(0, 6).toString('latin1') === 'GIF87a' || data.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

function startsWith(data: Buffer, bytes: number[]): boolean {
  return data.length >= bytes.length && bytes.every((b, i) => data[i] === b);
}
