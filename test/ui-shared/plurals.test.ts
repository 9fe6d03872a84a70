/**
 * Counts follow the plural rules of the language ("1 settlement", "2 settlements", never "1 settlements"):
 * an English message that counts something has a form per plural category (vue-i18n's `one | other`), and
 * every call that names such a message passes the count as the plural argument.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createI18n } from 'vue-i18n';
import sharedZh from '../../ui-shared/locales/zh-CN.js';
import sharedEn from '../../ui-shared/locales/en.js';
import consoleZh from '../../console-ui/src/locales/zh-CN/index.js';
import consoleEn from '../../console-ui/src/locales/en/index.js';
import ucZh from '../../uc-ui/src/locales/zh-CN/index.js';
import ucEn from '../../uc-ui/src/locales/en/index.js';

type Catalog = { [key: string]: string | Catalog };
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

function leaves(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : leaves(v, `${prefix}${k}.`)));
}

const APPS = [
  {
    name: 'console',
    zh: { ...sharedZh, ...consoleZh } as Catalog,
    en: { ...sharedEn, ...consoleEn } as Catalog,
    dirs: ['console-ui/src', 'ui-shared'],
  },
  {
    name: 'user center',
    zh: { ...sharedZh, ...ucZh } as Catalog,
    en: { ...sharedEn, ...ucEn } as Catalog,
    dirs: ['uc-ui/src', 'ui-shared'],
  },
];

/** A count placeholder followed, within two words, by an English plural ("{n} other selected records"). */
const COUNTED_PLURAL = /\{(?:n|count|total)\}(?: [a-z-]+){0,2} [a-z-]*[a-z]s\b/;
const NOT_PLURAL_NOUNS = /\b(ms|is|was|has|this|its)\b$/;

function countsWithoutPluralForms(en: Catalog): string[] {
  return leaves(en)
    .filter(([, text]) => !text.includes(' | '))
    .filter(([, text]) => {
      const m = COUNTED_PLURAL.exec(text);
      return m !== null && !NOT_PLURAL_NOUNS.test(m[0]);
    })
    .map(([key, text]) => `${key}: ${text}`);
}

test.each(APPS)('$name: every English message that counts a noun has a singular and a plural form', ({ en }) => {
  expect(countsWithoutPluralForms(en)).toEqual([]);
});

test.each(APPS)('$name: the forms read right for 1 and for 2 in English; Chinese has one form', ({ zh, en }) => {
  const i18n = createI18n({ legacy: false, locale: 'en', fallbackLocale: 'zh-CN', messages: { en, 'zh-CN': zh } });
  const { t } = i18n.global;
  const plural = leaves(en).filter(([, text]) => text.includes(' | '));
  expect(plural.length).toBeGreaterThan(1);
  for (const [key] of plural) {
    const named = { n: 1, count: 1, total: 1, orders: 3, missing: 2, shown: 1, minute: 30, created: 1, updated: 0, unchanged: 0 };
    const one = t(key, named, 1);
    const two = t(key, { ...named, n: 2, count: 2, total: 2 }, 2);
    expect({ key, one }).not.toEqual({
      key,
      one: expect.stringMatching(
        /\b1 (?:[a-z-]+ ){0,2}(?:records|orders|settlements|codes|users|e-mails|entries|withdrawals|characters)\b/,
      ),
    });
    expect(one).not.toBe(two);
    expect(t(key, named, { locale: 'zh-CN', plural: 1 })).not.toContain('|');
  }
  expect(t('validation.minLength', { n: 1 }, 1)).toBe('At least 1 character');
});

/** The calls t('key', …) / translate('key', …) of a file, each with its arguments split at the top level. */
function callsOf(file: string): { key: string; args: string[] }[] {
  const text = fs.readFileSync(file, 'utf8');
  const calls: { key: string; args: string[] }[] = [];
  for (const m of text.matchAll(/\b(?:t|translate)\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) {
    const args: string[] = [];
    let depth = 0;
    let current = '';
    for (let i = m.index + m[0].indexOf('(') + 1; i < text.length; i++) {
      const c = text[i];
      if ('({['.includes(c)) depth++;
      if (')}]'.includes(c)) depth--;
      if (depth < 0) break;
      if (c === ',' && depth === 0) {
        args.push(current.trim());
        current = '';
      } else current += c;
    }
    if (current.trim()) args.push(current.trim());
    calls.push({ key: m[1], args });
  }
  return calls;
}

test.each(APPS)('$name: every call of a counting message passes the count', ({ en, dirs }) => {
  const plural = new Set(
    leaves(en)
      .filter(([, text]) => text.includes(' | '))
      .map(([key]) => key),
  );
  const files = dirs.flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(vue|ts)$/.test(f) && !f.includes('locales') && !f.endsWith('.d.ts'))
      .map((f) => path.join(ROOT, dir, f)),
  );
  const missing = files.flatMap((file) =>
    callsOf(file)
      .filter((call) => plural.has(call.key) && call.args.length < 3)
      .map((call) => `${path.relative(ROOT, file)}: ${call.key}`),
  );
  expect(missing).toEqual([]);
});
