import crypto from 'node:crypto';
import { and, eq, htmlToText, sanitizedHtml, ValidationError } from '../../host/sdk/index.js';
import { SitePluginAuthLog } from '../auth-log/types.js';
import { requirePlugin } from '../catalog/find-plugin.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { userExists } from '../users/user-lookup.js';

export const BULK_TEMPLATE = 'auth-bulk-notification';

export interface BulkNotificationInput {
  pluginKey: string;
  /** 1: users with authorized records, 0: users with unauthorized records. */
  authStatus: 0 | 1;
  title: string;
  /** HTML from the administrator; sanitized to the safe subset before anything is stored or sent. */
  content: string;
}

export interface BulkNotificationResult {
  /** Id of this send; part of every message's dedupe key. */
  bulkId: string;
  /** Distinct users reached (inbox, plus e-mail where the user has an address). */
  users: number;
  messages: number;
  /** Users named by records who no longer exist. */
  skippedUsers: string[];
}

/**
 * The spec's custom bulk notification: selects the plugin's records by status (pluginKey + authStatus is an
 * index), removes duplicate users, and sends each remaining user one message; the notification center
 * resolves each user's e-mail address.
 */
export async function sendBulkNotification(deps: PluginAuthDeps, input: BulkNotificationInput): Promise<BulkNotificationResult> {
  const content = sanitizedHtml(input.content);
  if (!htmlToText(content.html).trim() && !/<img/i.test(content.html)) {
    throw new ValidationError(
      '通知内容为空（已移除不安全的内容）',
      [{ field: 'content', message: '移除不安全的内容后，通知内容为空', messageEn: 'The content is empty once unsafe parts are removed.' }],
      'the content is empty once unsafe parts are removed',
    );
  }
  const plugin = await requirePlugin(deps.client, input.pluginKey);
  const users = new Set<string>();
  const where = and(eq('spec.pluginKey', input.pluginKey), eq('spec.authStatus', input.authStatus));
  for await (const record of deps.client.listAll(SitePluginAuthLog, where)) users.add(record.spec.authUser);
  const existing: string[] = [];
  const skippedUsers: string[] = [];
  for (const user of [...users].sort()) ((await userExists(deps.client, user)) ? existing : skippedUsers).push(user);
  const bulkId = crypto.randomUUID();
  if (existing.length === 0) return { bulkId, users: 0, messages: 0, skippedUsers };
  const sent = await deps.notifier.send({
    template: BULK_TEMPLATE,
    to: existing.map((username) => ({ username })),
    dedupeKey: `auth-bulk:${bulkId}`,
    variables: { title: input.title, content, pluginKey: plugin.spec.key, pluginName: plugin.spec.name },
  });
  return { bulkId, users: existing.length, messages: sent.messages.length, skippedUsers };
}
