/**
 * The apps' texts as the browser tests read them: the same catalogs each app is built with (shared and the
 * app's, merged as the app merges them), so a test finds "Paid" or "支付成功" by its key, not a copy.
 */
import sharedZh from '../../../ui-shared/locales/zh-CN.js';
import sharedEn from '../../../ui-shared/locales/en.js';
import consoleZh from '../../../console-ui/src/locales/zh-CN/index.js';
import consoleEn from '../../../console-ui/src/locales/en/index.js';
import ucZh from '../../../uc-ui/src/locales/zh-CN/index.js';
import ucEn from '../../../uc-ui/src/locales/en/index.js';

type Catalog = { [key: string]: string | Catalog };
export type Words = (key: string, named?: Record<string, string | number>) => string;

function merge(base: Catalog, extra: Catalog): Catalog {
  const out: Catalog = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const before = out[key];
    out[key] = typeof value === 'object' && typeof before === 'object' ? merge(before, value) : value;
  }
  return out;
}

const CATALOGS: Record<'zh-CN' | 'en', Catalog> = {
  'zh-CN': merge(sharedZh as Catalog, consoleZh as Catalog),
  en: merge(sharedEn as Catalog, consoleEn as Catalog),
};

const UC_CATALOGS: Record<'zh-CN' | 'en', Catalog> = {
  'zh-CN': merge(sharedZh as Catalog, ucZh as Catalog),
  en: merge(sharedEn as Catalog, ucEn as Catalog),
};

/**
 * A message with its placeholders filled; a count message (`'{n} order | {n} orders'`) in the form its count
 * (`n`, else `count`) takes, as the apps pass it to vue-i18n: 1 the first form, any other the last.
 */
export function fillMessage(message: string, named: Record<string, string | number> = {}): string {
  const forms = message.split(' | ');
  const count = Number(named.n ?? named.count);
  const form = forms.length > 1 && count === 1 ? forms[0] : forms[forms.length - 1];
  return form.replace(/\{(\w+)\}/g, (_m, name: string) => String(named[name] ?? `{${name}}`));
}

/** `w('payment.orders.deleted', {n: 2})` in the given language; a missing key fails the test at once. */
export function catalog(locale: 'zh-CN' | 'en', app: 'console' | 'uc' = 'console'): Words {
  return (key, named = {}) => {
    let node: string | Catalog | undefined = (app === 'uc' ? UC_CATALOGS : CATALOGS)[locale];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no message ${key} in ${locale}`);
    return fillMessage(node, named);
  };
}
