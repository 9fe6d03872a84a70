import type { ApiBody, ApiItem, ApiQuery } from '@shared/api/client.js';
import { siteWallToIso } from '@shared/format.js';
import { hasMessage, translate } from '@shared/i18n/index.js';

export type PermanentCode = ApiItem<'listPermanentCodes'>;
export const CODE_STATUSES = ['PENDING', 'USED', 'EXPIRED'] as const;

/** The codes page's URL state. */
export const CODE_QUERY = { pluginKey: '', channel: '', user: '', status: '', keyword: '', page: 1 };
export type CodeQuery = typeof CODE_QUERY;
export const PAGE_SIZE = 20;

type Filters = ApiQuery<'exportPermanentCodes'> & object;

export function codeFilters(state: CodeQuery): Filters {
  const out: Filters = {};
  if (state.pluginKey) out.pluginKey = state.pluginKey;
  if (state.channel) out.channel = state.channel;
  if (state.user.trim()) out.user = state.user.trim();
  if ((CODE_STATUSES as readonly string[]).includes(state.status)) out.status = state.status as Filters['status'];
  if (state.keyword.trim()) out.keyword = state.keyword.trim();
  return out;
}

export const codeListQuery = (state: CodeQuery): ApiQuery<'listPermanentCodes'> => ({
  ...codeFilters(state),
  page: state.page,
  size: PAGE_SIZE,
});

/**
 * A sales channel in words. Channels are ids the administrator lists in the settings; the shipped ones have
 * words in the catalogs, any other shows as its id.
 */
export function channelText(channel: string | undefined): string {
  if (!channel) return translate('common.none');
  const key = `pluginAuth.channel.${channel}`;
  return hasMessage(key) ? translate(key) : channel;
}

/** The generate dialog's model. */
export interface GenerateForm {
  pluginKey: string;
  channel: string;
  count: number;
  authUser: string;
  expiresAt: Date | null;
}

export const emptyGenerateForm = (): GenerateForm => ({ pluginKey: '', channel: '', count: 1, authUser: '', expiresAt: null });

export function generateBody(form: GenerateForm): ApiBody<'generatePermanentCodes'> {
  const user = form.authUser.trim();
  return {
    pluginKey: form.pluginKey,
    channel: form.channel,
    count: form.count,
    ...(user ? { authUser: user } : {}),
    ...(form.expiresAt ? { expiresAt: siteWallToIso(form.expiresAt) } : {}),
  };
}
