/** The image types an attachment may have, recognised by their first bytes (never by the declared type alone). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Largest attachment in bytes (1 MiB): enough for a photographed or exported collection code, small for the store. */
export const MAX_ATTACHMENT_BYTES = 1024 * 1024;

const startsWith = (bytes: Buffer, prefix: number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);

/**
 * The type the bytes really are, or undefined. SVG is deliberately absent: it can carry script, and an
 * attachment is served from the site's own origin.
 */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}
