/** CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), the checksum PayPal signs in place of the body. */
const TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/**
 * The CRC-32 of the bytes as an unsigned integer (PayPal writes it in decimal). Written here rather than
 * taken from `zlib.crc32`, which Node added only in 20.15 (we support 20.10).
 */
export function crc32(data: Buffer | string): number {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let crc = 0xffffffff;
  for (const byte of bytes) crc = TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
