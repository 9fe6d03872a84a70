/**
 * A user's own authorization records (listMyAuthLogs) as the self-service pages show them: in the user
 * center (/uc/plugin-auth) and on the console's self-service tool page.
 */
import { allPages } from '../api/all-pages.js';
import { call, download, type ApiItem } from '../api/client.js';
import { formatTime } from '../format.js';
import { translate } from '../i18n/index.js';
import { enumText } from '../i18n/words.js';

export type MyAuthLog = ApiItem<'listMyAuthLogs'>;
export type CatalogPlugin = ApiItem<'listCatalog'>;

/** A plugin of a select: its key (what the API takes) and its name (what people read). */
export interface PluginChoice {
  key: string;
  name: string;
}

/** The whole user-center catalog in display order, as choices. */
export async function loadCatalogChoices(signal?: AbortSignal): Promise<PluginChoice[]> {
  const plugins = await allPages((page, size) => call('listCatalog', { query: { page, size }, signal }));
  return plugins.flatMap((p) => (p.spec?.key ? [{ key: p.spec.key, name: p.spec.name || p.spec.key }] : []));
}

/** Expiry in words: "-" (none), permanent, expired (with its date) or the date. */
export function expiryText(record: MyAuthLog): string {
  const validity = record.expireTimeDisplay?.validity;
  if (validity === 'LIMITED') return formatTime(record.spec?.expireTime);
  if (validity === 'EXPIRED') return `${enumText('validity', 'EXPIRED')} · ${formatTime(record.spec?.expireTime)}`;
  if (validity === 'PERMANENT') return enumText('validity', 'PERMANENT');
  return translate('common.none');
}

/** Authorized and not expired: the only records with a license to download. */
export function hasLicense(record: MyAuthLog): boolean {
  return record.spec?.authStatus === 1 && record.expireTimeDisplay?.validity !== 'EXPIRED';
}

/** Saves the record's license.key. */
export function downloadLicenseOf(record: MyAuthLog): Promise<void> {
  const query = { pluginKey: record.spec?.pluginKey ?? '', authDomain: record.spec?.authDomain ?? '' };
  return download('downloadLicense', { query }, 'license.key');
}
