import type { ApiBody } from '@shared/api/client.js';
import type { SitePlugin } from '../plugins.js';

/** Optional text fields of a catalog plugin: on edit, clearing one removes it (sent as null). */
export const OPTIONAL_TEXT = ['logo', 'description', 'version', 'author', 'docs', 'url', 'payUrl'] as const;
type OptionalText = (typeof OPTIONAL_TEXT)[number];

/** The plugin dialog's model: the domain limit as a choice (global setting, unlimited, own number). */
export type PluginForm = {
  key: string;
  name: string;
  price: number | null;
  limitMode: 'global' | 'unlimited' | 'number';
  limit: number;
} & Record<OptionalText, string>;

export function emptyPluginForm(): PluginForm {
  const blank = Object.fromEntries(OPTIONAL_TEXT.map((f) => [f, ''])) as Record<OptionalText, string>;
  return { key: '', name: '', price: 0, limitMode: 'global', limit: 1, ...blank };
}

export function pluginForm(plugin: SitePlugin): PluginForm {
  const spec = plugin.spec ?? {};
  const limit = spec.authCountLimit;
  const texts = Object.fromEntries(OPTIONAL_TEXT.map((f) => [f, spec[f] ?? ''])) as Record<OptionalText, string>;
  return {
    key: spec.key ?? '',
    name: spec.name ?? '',
    price: spec.price ?? 0,
    limitMode: limit === undefined ? 'global' : limit < 0 ? 'unlimited' : 'number',
    limit: limit !== undefined && limit >= 0 ? limit : 1,
    ...texts,
  };
}

type Body = ApiBody<'updateSitePlugin'>;

/** The create or update body: trimmed texts; on edit, emptied optional fields and a global limit become null. */
export function pluginBody(form: PluginForm, editing: boolean): Body {
  const body: Body = { name: form.name.trim(), price: form.price ?? 0 };
  if (!editing) body.key = form.key.trim();
  for (const f of OPTIONAL_TEXT) {
    const value = form[f].trim();
    if (value) body[f] = value;
    else if (editing) body[f] = null;
  }
  if (form.limitMode === 'unlimited') body.authCountLimit = -1;
  else if (form.limitMode === 'number') body.authCountLimit = form.limit;
  else if (editing) body.authCountLimit = null;
  return body;
}

/** The create body (never holds a null: nothing is being removed). */
export function createBody(form: PluginForm): ApiBody<'createSitePlugin'> {
  return { ...pluginBody(form, false), key: form.key.trim() } as ApiBody<'createSitePlugin'>;
}
