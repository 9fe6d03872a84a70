import type { Language } from '../../host/sdk/index.js';

/** How a merchant's own pages name whoever acted for the platform (an administrator, a scheduled job). */
const PLATFORM_WORD: Record<Language, string> = { 'zh-CN': '平台', en: 'the platform' };

/**
 * The actor as the merchant may see it: the merchant's own user name stays; any other actor is the
 * platform, in the reader's language. Administrators' user names are not the merchant's business (only the
 * console shows them).
 */
export function actorForMerchant(actor: string | undefined, owner: string, language: Language): string | undefined {
  if (actor === undefined || actor === owner) return actor;
  return PLATFORM_WORD[language];
}
