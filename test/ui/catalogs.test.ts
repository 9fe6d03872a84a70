/**
 * The message catalogs of the apps stay complete: zh-CN and en have the same keys (shared catalogs and each
 * app's), and every key a page or the foundation names literally (`t('…')`, `translate('…')`, route titles
 * and tabs) exists in the catalogs that page is built with.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharedZh from '../../ui-shared/locales/zh-CN.js';
import sharedEn from '../../ui-shared/locales/en.js';
import consoleZh from '../../console-ui/src/locales/zh-CN/index.js';
import consoleEn from '../../console-ui/src/locales/en/index.js';
import ucZh from '../../uc-ui/src/locales/zh-CN/index.js';
import ucEn from '../../uc-ui/src/locales/en/index.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
type Catalog = { [key: string]: string | Catalog };

function keys(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

function sources(dir: string): string[] {
  const full = path.join(ROOT, dir);
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(vue|ts)$/.test(f) && !f.includes('locales') && !f.endsWith('.d.ts'))
    .map((f) => path.join(full, f));
}

/** Keys named literally: t('a.b'), translate('a.b'), $t('a.b'), title: 'a.b', tab: 'a.b', appName/label: 'app.x'. */
function literalKeys(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found = [
    ...text.matchAll(/\b(?:t|\$t|translate|te)\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g),
    ...text.matchAll(/\b(?:title|tab|appName):\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g),
    ...text.matchAll(/\blabel:\s*'(app\.[\w-]+)'/g),
  ];
  return found.map((m) => m[1]);
}

const APPS = [
  { name: 'console-ui', zh: { ...sharedZh, ...consoleZh }, en: { ...sharedEn, ...consoleEn } },
  { name: 'uc-ui', zh: { ...sharedZh, ...ucZh }, en: { ...sharedEn, ...ucEn } },
];

test('the shared catalogs have the same keys in zh-CN and en', () => {
  expect(keys(sharedEn).sort()).toEqual(keys(sharedZh).sort());
});

test.each(APPS)('$name: zh-CN and en have the same keys', ({ zh, en }) => {
  expect(keys(en as Catalog).sort()).toEqual(keys(zh as Catalog).sort());
});

test.each(APPS)('$name: every key its pages and the foundation name exists', ({ name, zh }) => {
  const known = new Set(keys(zh as Catalog));
  const missing = [...sources(`${name}/src`), ...sources('ui-shared')].flatMap((file) =>
    literalKeys(file)
      .filter((key) => !known.has(key))
      .map((key) => `${path.relative(ROOT, file)}: ${key}`),
  );
  expect(missing).toEqual([]);
});

/** A catalog's leaves with their keys. */
function leaves(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : leaves(v, `${prefix}${k}.`)));
}

test.each(APPS)('$name: no message holds an @, which vue-i18n reads as a linked message (pass an address as a value)', ({ zh, en }) => {
  const withAt = [...leaves(zh as Catalog), ...leaves(en as Catalog)].filter(([, text]) => text.includes('@')).map(([key]) => key);
  expect(withAt).toEqual([]);
});
