import { AppError } from './app-error.js';

const KIB = 1024;
const MIB = 1024 * 1024;

/**
 * 16777216 → "16 MiB", 262144 → "256 KiB", 2800732 → "2.67 MiB (2800732 bytes)", 500 → "500 bytes": limits
 * are read by people, and an uneven one (a base64 envelope around a file limit) keeps its exact size too.
 */
export function sizeText(bytes: number): string {
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes >= KIB && bytes % KIB === 0) return `${bytes / KIB} KiB`;
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(2)} MiB (${bytes} bytes)`;
  if (bytes >= KIB) return `${(bytes / KIB).toFixed(2)} KiB (${bytes} bytes)`;
  return `${bytes} bytes`;
}

/**
 * 413 PAYLOAD_TOO_LARGE naming the limit that applied to the route (the records import takes 16 MiB, most
 * routes 1 MiB), so the caller knows how far to shrink the body.
 */
export function payloadTooLarge(limitBytes: number): AppError {
  const limit = sizeText(limitBytes);
  return new AppError('PAYLOAD_TOO_LARGE', `请求体过大（上限 ${limit}）`, {
    messageEn: `request body too large (limit ${limit})`,
    details: [{ field: 'body', message: `请求体超过 ${limit}`, messageEn: `the request body exceeds ${limit}`, reason: 'tooLarge' }],
  });
}
