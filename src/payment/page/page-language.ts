import { negotiateLanguage, type Language } from '../../host/sdk/index.js';

const BY_QUERY: Readonly<Record<string, Language>> = { 'zh-cn': 'zh-CN', en: 'en' };

/**
 * The payment page's language: `?lang=zh-CN|en` when given (the page's language switch sets it), else the
 * browser's Accept-Language (quality values honoured), else zh-CN. Any other `lang` value is ignored.
 */
export function pageLanguage(lang: unknown, acceptLanguage: string | string[] | undefined): Language {
  const chosen = typeof lang === 'string' ? BY_QUERY[lang.toLowerCase()] : undefined;
  return chosen ?? negotiateLanguage(acceptLanguage);
}

export function otherLanguage(language: Language): Language {
  return language === 'en' ? 'zh-CN' : 'en';
}
