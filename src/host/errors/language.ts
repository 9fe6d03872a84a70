/**
 * The two languages of every message a person can see. zh-CN is the base (the spec fixes Chinese texts such
 * as `授权数量已超限`); English is chosen with `Accept-Language`.
 */
export type Language = 'zh-CN' | 'en';

export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en'];

interface Range {
  tag: string;
  quality: number;
  order: number;
}

/** `en-US;q=0.8` → {tag: 'en-us', quality: 0.8}; a malformed quality counts as 0 (RFC 9110: not acceptable). */
function parseRange(part: string, order: number): Range | undefined {
  const [rawTag, ...params] = part.split(';');
  const tag = rawTag.trim().toLowerCase();
  if (!tag) return undefined;
  let quality = 1;
  for (const param of params) {
    const [key, value] = param.split('=').map((s) => s.trim().toLowerCase());
    if (key === 'q') quality = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
  }
  return { tag, quality, order };
}

function languageOfTag(tag: string): Language | undefined {
  if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
  if (tag === 'en' || tag.startsWith('en-')) return 'en';
  if (tag === '*') return DEFAULT_LANGUAGE;
  return undefined;
}

/**
 * The language to answer in, from an Accept-Language header: the supported language of the highest quality
 * (ties keep the header's order), `zh*` → zh-CN, `en*` → en, `*` → zh-CN; zh-CN when nothing matches or no
 * header is sent. Long headers are cut, so a hostile one costs nothing.
 */
export function negotiateLanguage(header: string | string[] | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const text = (Array.isArray(header) ? header.join(',') : header).slice(0, 512);
  const ranges = text
    .split(',')
    .slice(0, 32)
    .map(parseRange)
    .filter((r): r is Range => r !== undefined && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const range of ranges) {
    const language = languageOfTag(range.tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** Whether a text is Chinese: it has a Han character. A message without one is English text. */
export function hasChineseText(text: string): boolean {
  return /\p{Script=Han}/u.test(text);
}
