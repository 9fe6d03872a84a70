import { localizedText, type LocalizedText } from '../../host/sdk/index.js';
import { findPluginByKey } from '../catalog/find-plugin.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import type { AuthLog, AuthLogSpec } from './types.js';
import { isPermanentExpireTime } from './validity.js';

export const AUTH_NOTIFICATION_TEMPLATE = 'auth-notification';
/** Where the jump address of every auth-notification points (the user-center authorization page). */
export const USER_CENTER_PATH = '/uc/plugin-auth';

/** What moved the record; shown to the user and part of no key (the transition itself is). */
export type ChangeReason =
  | 'APPLICATION'
  | 'PUBLIC_APPLICATION'
  | 'AUTHORIZE'
  | 'BATCH_AUTHORIZE'
  | 'BATCH_CANCEL'
  | 'FREE_CODE'
  | 'PERMANENT_CODE'
  | 'MANUAL'
  | 'EDIT'
  | 'CLEANUP'
  | 'PURCHASE'
  | 'REFUND';

const REASON_TEXT: Record<ChangeReason, LocalizedText> = {
  APPLICATION: localizedText('提交授权申请', 'you applied for it'),
  PUBLIC_APPLICATION: localizedText(
    '他人通过公开接口为您申请，请在用户中心确认（申请此域名）或删除',
    'someone applied for you through the public API; confirm it in the user center (apply for this domain) or delete it',
  ),
  AUTHORIZE: localizedText('管理员授权', 'an administrator authorized it'),
  BATCH_AUTHORIZE: localizedText('管理员批量授权', 'an administrator authorized it with others'),
  BATCH_CANCEL: localizedText('管理员取消授权', 'an administrator cancelled the authorization'),
  FREE_CODE: localizedText('免费授权码激活', 'activated with a free code'),
  PERMANENT_CODE: localizedText('永久授权码激活', 'activated with a permanent code'),
  MANUAL: localizedText('管理员创建记录', 'an administrator created the record'),
  EDIT: localizedText('管理员修改记录', 'an administrator changed the record'),
  CLEANUP: localizedText('授权已到期', 'the authorization expired'),
  PURCHASE: localizedText('购买插件', 'you bought the plugin'),
  REFUND: localizedText('购买已退款', 'the purchase was refunded'),
};

const STATUS_TEXT = {
  authorized: localizedText('已授权', 'authorized'),
  unconfirmed: localizedText('待确认', 'awaiting your confirmation'),
  expired: localizedText('已过期', 'expired'),
  unauthorized: localizedText('未授权', 'not authorized'),
  pending: localizedText('待审核', 'pending review'),
};
const NO_AUTH_TIME = localizedText('未授权', 'not authorized');
const NO_EXPIRY = localizedText('无', 'none');
const PERMANENT = localizedText('永久授权', 'permanent');

export interface StatusChange {
  /** The record's spec before the change; undefined when the record was just created. */
  before?: AuthLogSpec;
  after: AuthLog;
  reason: ChangeReason;
  /** Display name of the plugin when the caller already has it (the cleanup job caches them). */
  pluginName?: string;
}

/**
 * Queues one `auth-notification` (inbox and e-mail, in the user's language) when the record's authStatus was set or changed. Call it
 * inside the transaction that writes the record: the status and its outbox entries commit together or not at
 * all, and the record's version check lets only one writer make a given move, so a retried request or job
 * finds the status already moved and queues nothing (no dedupe key: its index entry and lookup would add a
 * random page and a read per message to guard what the transaction already guarantees). Records of users who
 * no longer exist are left without a message.
 */
export async function notifyStatusChange(deps: PluginAuthDeps, change: StatusChange): Promise<boolean> {
  const { before, after, reason } = change;
  const to = after.spec.authStatus;
  if (before && before.authStatus === to) return false;
  const pluginName = change.pluginName ?? (await findPluginByKey(deps.client, after.spec.pluginKey))?.spec.name ?? after.spec.pluginKey;
  // The notifier looks the user up anyway: 'skip' leaves a user who is gone without a message, in one read.
  const { messages } = await deps.notifier.send({
    template: AUTH_NOTIFICATION_TEMPLATE,
    to: [{ username: after.spec.authUser }],
    missingUsers: 'skip',
    variables: {
      pluginKey: after.spec.pluginKey,
      pluginName,
      domain: after.spec.authDomain,
      user: after.spec.authUser,
      statusText: statusText(change),
      authTime: after.spec.authTime ?? NO_AUTH_TIME,
      expireTime: expireText(after.spec.expireTime),
      jumpUrl: `${deps.baseUrl}${USER_CENTER_PATH}`,
      reason: REASON_TEXT[reason],
    },
  });
  return messages.length > 0;
}

function statusText({ before, after, reason }: StatusChange): LocalizedText {
  if (after.spec.authStatus === 1) return STATUS_TEXT.authorized;
  if (after.spec.unconfirmed) return STATUS_TEXT.unconfirmed;
  if (reason === 'CLEANUP') return STATUS_TEXT.expired;
  return before ? STATUS_TEXT.unauthorized : STATUS_TEXT.pending;
}

function expireText(expireTime: string | undefined): LocalizedText | string {
  if (!expireTime) return NO_EXPIRY;
  return isPermanentExpireTime(expireTime) ? PERMANENT : expireTime;
}
