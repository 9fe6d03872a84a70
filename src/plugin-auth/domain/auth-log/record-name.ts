import crypto from 'node:crypto';
import { ValidationError } from '../../../host/errors/app-error.js';
import { normalizeDomain } from '../domain-name/normalize-domain.js';

/** The triple that identifies one authorization record. */
export interface RecordTriple {
  pluginKey: string;
  /** Raw or normalized; it is normalized here so one host has one name. */
  domain: string;
  user: string;
}

/** 16 hex = 64 bits; see docs/plugin-auth-rules.md for why not 10. */
export const RECORD_NAME_HASH_LENGTH = 16;
export const MAX_RECORD_NAME_LENGTH = 253;
/** Per-part caps so a long part never pushes the others out of the readable prefix. */
const PART_CAPS = { pluginKey: 63, domain: 108, user: 63 } as const;

/**
 * `{pluginKey}-{host}-{user}` made a valid DNS-1123 subdomain, plus "-" and a hash of the exact triple.
 * Deterministic: one triple has exactly one name, so a second application for it hits the existing record
 * (a conflict, not a duplicate). The hash keeps triples apart that sanitizing or truncating maps alike
 * ("Bob" and "bob", "a_b" and "a-b"). Throws INVALID_DOMAIN for a bad domain, VALIDATION_FAILED for an
 * empty plugin key or user.
 */
export function recordName(triple: RecordTriple): string {
  if (!triple.pluginKey) throw new ValidationError('pluginKey is required', [{ field: 'pluginKey', message: 'required' }]);
  if (!triple.user) throw new ValidationError('user is required', [{ field: 'user', message: 'required' }]);
  const domain = normalizeDomain(triple.domain);
  const hash = tripleHash(triple.pluginKey, domain, triple.user);
  const parts = [
    sanitizePart(triple.pluginKey, PART_CAPS.pluginKey),
    sanitizePart(domain, PART_CAPS.domain),
    sanitizePart(triple.user, PART_CAPS.user),
  ].filter((part) => part.length > 0);
  return [...parts, hash].join('-');
}

/** Hex SHA-256 prefix over a JSON array, so ("a-b","c") and ("a","b-c") hash differently. */
export function tripleHash(pluginKey: string, domain: string, user: string): string {
  const digest = crypto.createHash('sha256').update(JSON.stringify([pluginKey, domain, user]), 'utf8').digest('hex');
  return digest.slice(0, RECORD_NAME_HASH_LENGTH);
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
