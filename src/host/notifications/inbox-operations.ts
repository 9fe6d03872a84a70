import { AppError, NotFoundError } from '../errors/app-error.js';
import type { Principal } from '../request/principal.js';
import type { ExtensionClient } from '../client/extension-client.js';
import { defineOperation, type OperationDef } from '../api/operations/operation.js';
import { and, eq } from '../store/query.js';
import { PAGE_QUERY_PROPERTIES as PAGE_QUERY, listResult as toListResult, listResultSchema } from '../api/list-result.js';
import { NOTIFICATION_SCHEMA } from './resource-schemas.js';
import { Notification } from './types.js';

import { HOST_UC_GROUP as UC_GROUP } from '../api/host-groups.js';

export { UC_GROUP };

export function requireUser(principal: Principal): string {
  if (principal.anonymous) throw new AppError('UNAUTHORIZED', '请先登录', { messageEn: 'login required' });
  return principal.username;
}

/** A notification of the caller, or 404 (also for another user's: its existence is not revealed). */
async function ownNotification(client: ExtensionClient, username: string, name: string): Promise<Notification> {
  const found = await client.fetch(Notification, name);
  if (!found || found.spec?.recipient !== username) throw new NotFoundError('Notification', name);
  return found;
}

async function markRead(client: ExtensionClient, n: Notification, now: string): Promise<Notification> {
  if (!n.spec!.unread) return n;
  return client.patch(Notification, n.metadata.name, { spec: { unread: false, readAt: now } });
}

/** The user-center operations on the caller's own inbox. */
export function inboxOperations(client: ExtensionClient, clock: () => number = Date.now): OperationDef[] {
  const now = () => new Date(clock()).toISOString();
  return [
    defineOperation<{ page: number; size: number; unread?: boolean }>({
      operationId: 'listMyNotifications',
      group: UC_GROUP,
      method: 'get',
      path: '/notifications',
      summary: "Lists the caller's in-site notifications, newest first",
      tags: ['notifications'],
      query: {
        type: 'object',
        additionalProperties: false,
        properties: { ...PAGE_QUERY, unread: { type: 'boolean', description: 'only unread (true) or only read (false)' } },
      },
      response: listResultSchema(NOTIFICATION_SCHEMA),
      async handler({ query, principal }) {
        const username = requireUser(principal);
        const where = and(eq('spec.recipient', username), query.unread !== undefined && eq('spec.unread', query.unread));
        const page = await client.list(Notification, {
          where,
          sort: [{ field: 'spec.createdAt', direction: 'desc' }],
          page: query.page,
          size: query.size,
        });
        const items = client.viewItems(Notification, page.items, (n) => n);
        return toListResult(items, page.total ?? page.items.length, query.page, query.size);
      },
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'markNotificationRead',
      group: UC_GROUP,
      method: 'put',
      path: '/notifications/:name/mark-as-read',
      summary: "Marks one of the caller's notifications as read (idempotent)",
      tags: ['notifications'],
      params: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 253 } } },
      response: NOTIFICATION_SCHEMA,
      async handler({ params, principal }) {
        const username = requireUser(principal);
        return markRead(client, await ownNotification(client, username, params.name), now());
      },
    }),
    defineOperation({
      operationId: 'markAllNotificationsRead',
      group: UC_GROUP,
      method: 'put',
      path: '/notifications/mark-all-as-read',
      summary: "Marks all of the caller's unread notifications as read",
      tags: ['notifications'],
      response: { type: 'object', properties: { marked: { type: 'integer' } } },
      async handler({ principal }) {
        const username = requireUser(principal);
        const where = and(eq('spec.recipient', username), eq('spec.unread', true));
        let marked = 0;
        for (let round = 0; round < 1000; round++) {
          const page = await client.list(Notification, { where, page: 1, size: 200 });
          for (const n of page.items) await markRead(client, n, now());
          marked += page.items.length;
          if (page.items.length < 200) break;
        }
        return { marked };
      },
    }),
  ];
}
