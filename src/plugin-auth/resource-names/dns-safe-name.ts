import crypto from 'node:crypto';

/** 16 hex = 64 bits; see docs/plugin-auth-rules.md for why not 10. */
export const NAME_HASH_LENGTH = 16;

/**
 * Hex SHA-256 prefix over a JSON array, so ("a-b","c") and ("a","b-c") hash differently. Names derived from
 * several parts (records, catalog plugins, permanent users) end in it, so parts that sanitize alike stay apart.
 */
export function tripleHash(pluginKey: string, domain: string, user: string): string {
  const digest = crypto
    .createHash('sha256')
    .update(JSON.stringify([pluginKey, domain, user]), 'utf8')
    .digest('hex');
  return digest.slice(0, NAME_HASH_LENGTH);
}

/**
 * Lower case; each run of characters other than a-z, 0-9, "." and "-" becomes one "-"; a run of separators
 * holding a dot becomes one "." (so no label is empty or starts or ends with "-"); trimmed of separators at
 * both ends and capped. Hyphen runs that are valid as they are ("xn--") are kept.
 */
export function sanitizePart(text: string, cap: number): string {
  const cleaned = text
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/[-.]*\.[-.]*/g, '.');
  return trimSeparators(trimSeparators(cleaned).slice(0, cap));
}

function trimSeparators(text: string): string {
  return text.replace(/^[-.]+|[-.]+$/g, '');
}
