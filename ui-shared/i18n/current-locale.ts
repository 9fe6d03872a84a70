/** The page's language as a bare ref, for helpers that must not load vue-i18n (format.ts; unit-tested in Node). */
import { ref } from 'vue';

export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Written only by i18n/index.ts when the language changes. */
export const currentLocale = ref<Locale>('zh-CN');
