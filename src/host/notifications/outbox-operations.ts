import { AppError, NotFoundError } from '../errors/app-error.js';
import type { ExtensionClient } from '../client/extension-client.js';
import { defineOperation, type OperationDef } from '../api/operations/operation.js';
import { and, eq } from '../store/query.js';
import { PAGE_QUERY_PROPERTIES as PAGE_QUERY, listResult as toListResult, listResultSchema } from '../api/list-result.js';
import { OUTBOX_MESSAGE_SCHEMA } from './resource-schemas.js';
import { requireUser } from './inbox-operations.js';
import { CHANNELS, OUTBOX_PHASES, type Notifier, type OutboxMessage, type SentMessage } from './types.js';

import { HOST_CONSOLE_GROUP as CONSOLE_GROUP } from '../api/host-groups.js';

export { CONSOLE_GROUP };

/**
 * Console operations on the outbox, for administrators (the authorization middleware admits only callers
 * with a rule for this group). E-mails waiting for SMTP settings show here as WAITING_CONFIG.
 */
export function outboxOperations(
  client: ExtensionClient,
  notifier: Notifier & { wake(): void },
  clock: () => number = Date.now,
): OperationDef[] {
  const wake = () => notifier.wake();
  return [
    defineOperation<{ page: number; size: number; status?: string; channel?: string; recipient?: string }>({
      operationId: 'listOutbox',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/outbox',
      summary: 'Lists outbox messages, newest first, optionally by status, channel or recipient',
      tags: ['notifications'],
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          ...PAGE_QUERY,
          status: { type: 'string', enum: OUTBOX_PHASES },
          channel: { type: 'string', enum: CHANNELS },
          recipient: { type: 'string', maxLength: 254 },
        },
      },
      response: listResultSchema(OUTBOX_MESSAGE_SCHEMA),
      async handler({ query, principal }) {
        requireUser(principal);
        const where = and(
          query.status !== undefined && eq('status.phase', query.status),
          query.channel !== undefined && eq('spec.channel', query.channel),
          query.recipient !== undefined && eq('spec.recipient', query.recipient),
        );
        const page = await client.list<OutboxMessage>('OutboxMessage', {
          where,
          sort: [{ field: 'metadata.creationTimestamp', direction: 'desc' }],
          page: query.page,
          size: query.size,
        });
        const items = client.viewItems('OutboxMessage', page.items, (m) => m);
        return toListResult(items, page.total ?? page.items.length, query.page, query.size);
      },
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'retryOutboxMessage',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/outbox/:name/retry',
      summary: 'Queues a failed, waiting or pending message for delivery now, with a fresh set of attempts',
      tags: ['notifications'],
      params: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 253 } } },
      response: OUTBOX_MESSAGE_SCHEMA,
      async handler({ params, principal }) {
        requireUser(principal);
        const msg = await client.fetch<OutboxMessage>('OutboxMessage', params.name);
        if (!msg) throw new NotFoundError('OutboxMessage', params.name);
        if (msg.status?.phase === 'SENT')
          throw new AppError('STATE_CONFLICT', '消息已发送', { messageEn: 'the message has already been sent' });
        const status = { ...msg.status!, phase: 'PENDING' as const, attempts: 0, nextAttemptAt: new Date(clock()).toISOString() };
        const updated = await client.update<OutboxMessage>({ ...msg, status });
        wake();
        return updated;
      },
    }),
    defineOperation<unknown, { to: string }>({
      operationId: 'sendTestEmail',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/outbox/test-email',
      summary: 'Queues a test e-mail (template host-test-email) to check the SMTP settings; follow it in the outbox',
      tags: ['notifications'],
      body: {
        type: 'object',
        required: ['to'],
        additionalProperties: false,
        properties: { to: { type: 'string', minLength: 3, maxLength: 254, format: 'email' } },
      },
      response: { type: 'object', properties: { name: { type: 'string' }, phase: { type: 'string', enum: OUTBOX_PHASES } } },
      async handler({ body, principal }): Promise<Pick<SentMessage, 'name' | 'phase'>> {
        const requestedBy = requireUser(principal);
        const { messages } = await notifier.send({
          template: 'host-test-email',
          to: [{ email: body.to }],
          channels: ['EMAIL'],
          variables: { requestedBy },
        });
        return { name: messages[0].name, phase: messages[0].phase };
      },
    }),
  ];
}
