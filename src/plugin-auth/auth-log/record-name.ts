import { ValidationError } from '../../host/sdk/index.js';
import { normalizeDomain } from '../domain-name/normalize-domain.js';
import { sanitizePart, tripleHash } from '../resource-names/dns-safe-name.js';

/** The triple that identifies one authorization record. */
export interface RecordTriple {
  pluginKey: string;
  /** Raw or normalized; it is normalized here so one host has one name. */
  domain: string;
  user: string;
}

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
