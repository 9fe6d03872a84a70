/** A host or a full URL; normalized by normalize-domain.ts (INVALID_DOMAIN names the rule that failed). */
export const DOMAIN_INPUT = { type: 'string', minLength: 1, maxLength: 2048 };
