/**
 * vue-i18n for both apps (composition mode). Each app builds its catalogs from the shared ones
 * (ui-shared/locales) and its own files per page family (`<app>/src/locales/<lang>/<family>.ts`). The
 * browser's language is the default; a person's choice is remembered (preference.ts). Every switch also
 * changes Element Plus' texts, `<html lang>` and the `Accept-Language` the API client sends.
 */
import { computed } from 'vue';
import { createI18n, type I18n } from 'vue-i18n';
import epZhCn from 'element-plus/es/locale/lang/zh-cn.mjs';
import epEn from 'element-plus/es/locale/lang/en.mjs';
import { setMessageWords, setRequestLanguage } from '../api/client.js';
import { currentLocale as current, LOCALES, type Locale } from './current-locale.js';

export { LOCALES, type Locale };

import type { Messages } from './catalog.js';

export type { CatalogShape, Messages } from './catalog.js';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of the browser's languages we have: Chinese of any region → zh-CN, anything else → en. */
export function browserLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/** The page's language (reactive). */
export const locale = computed(() => current.value);
/** Element Plus' own texts (pager, date picker, dialogs) in the page's language, for el-config-provider. */
export const elementLocale = computed(() => (current.value === 'en' ? epEn : epZhCn));

type AppI18n = I18n<Record<Locale, Messages>, Record<string, unknown>, Record<string, unknown>, string, false>;
let instance: AppI18n | undefined;

/** Creates the app's i18n with its merged catalogs; the starting language comes from `start`. */
export function createAppI18n(messages: Record<Locale, Messages>, start: Locale): AppI18n {
  const created: AppI18n = createI18n({
    legacy: false,
    locale: start,
    fallbackLocale: 'zh-CN',
    messages,
    // A missing key shows the key itself (visible in review); test/ui/catalogs.test.ts keeps the files in step.
    missingWarn: false,
    fallbackWarn: false,
  });
  instance = created;
  setMessageWords(translate);
  applyLocale(start);
  return created;
}

function applyLocale(tag: Locale): void {
  current.value = tag;
  if (instance) instance.global.locale.value = tag;
  setRequestLanguage(tag);
  document.documentElement.lang = tag;
}

/** Switches the page's language now (the choice is stored by preference.ts). */
export function setLocale(tag: Locale): void {
  applyLocale(tag);
}

/**
 * `t` outside components (composables, helpers). Inside components use `useI18n()`. A message that counts
 * something has a form per plural category (`'{n} record | {n} records'`): pass the count as `plural`.
 */
export function translate(key: string, named?: Record<string, unknown>, plural?: number): string {
  if (!instance) return key;
  if (plural !== undefined) return instance.global.t(key, named ?? {}, plural);
  return named ? instance.global.t(key, named) : instance.global.t(key);
}

/** Whether the catalog of the current language has a message under `key`. */
export function hasMessage(key: string): boolean {
  return instance ? instance.global.te(key) || instance.global.te(key, 'zh-CN') : false;
}
