import { AppError, NotFoundError } from '../errors/app-error.js';
import type { ExtensionClient } from '../client/extension-client.js';
import { defineOperation, type OperationDef } from '../api/operations/operation.js';
import { and, eq } from '../store/query.js';
import { PAGE_QUERY_PROPERTIES as PAGE_QUERY, listResult as toListResult, listResultSchema } from '../api/list-result.js';
import { OUTBOX_MESSAGE_SCHEMA } from './resource-schemas.js';
import { requireUser } from './inbox-operations.js';
import { User } from '../users/types.js';
import { CHANNELS, OUTBOX_PHASES, OutboxMessage, type Notifier, type OutboxPhase, type SentMessage } from './types.js';

import { HOST_CONSOLE_GROUP as CONSOLE_GROUP } from '../api/host-groups.js';

export { CONSOLE_GROUP };

/** What the outbox operations need of the notification center. */
export type OutboxNotifier = Notifier & { wake(): void; smtpConfigured(): Promise<boolean> };

/** What a retry did: the message is queued for delivery now, with a fresh set of attempts. */
export interface RetryAnswer {
  name: string;
  outcome: 'QUEUED';
  previousPhase: OutboxPhase;
  phase: 'PENDING';
  nextAttemptAt: string;
  message: OutboxMessage;
}

const RETRY_ANSWER_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    outcome: { type: 'string', enum: ['QUEUED'], description: 'QUEUED: delivery is attempted now, with a fresh set of attempts' },
    previousPhase: { type: 'string', enum: OUTBOX_PHASES },
    phase: { type: 'string', enum: ['PENDING'] },
    nextAttemptAt: { type: 'string', format: 'date-time' },
    message: OUTBOX_MESSAGE_SCHEMA,
  },
};

/** 409 SMTP_NOT_CONFIGURED: an e-mail cannot go out, so queueing it again would do nothing. */
function smtpNotConfigured(what: 'retry' | 'test'): AppError {
  return new AppError(
    'SMTP_NOT_CONFIGURED',
    what === 'retry'
      ? '尚未配置邮件发送（SMTP），重试不会发出这封邮件：请先在系统设置的“邮件发送（SMTP）”中填写服务器和发件人，邮件会自动发出'
      : '尚未配置邮件发送（SMTP），无法发送测试邮件：请先在系统设置的“邮件发送（SMTP）”中填写服务器和发件人',
    {
      status: 409,
      messageEn:
        what === 'retry'
          ? 'e-mail sending (SMTP) is not configured, so a retry would not send this e-mail: set the server and sender under host'
            + ' settings, "E-mail (SMTP)"; waiting e-mails then go out by themselves'
          : 'e-mail sending (SMTP) is not configured, so no test e-mail can be sent: set the server and sender under host settings,'
            + ' "E-mail (SMTP)" first',
      details: [
        { field: 'smtp', message: '请填写 SMTP 服务器和发件人', messageEn: 'set the SMTP host and sender', reason: 'SMTP_NOT_CONFIGURED' },
      ],
    },
  );
}

/**
 * Console operations on the outbox, for administrators (the authorization middleware admits only callers
 * with a rule for this group). E-mails waiting for SMTP settings show here as WAITING_CONFIG; every answer
 * says what happened (a retry that cannot send refuses with SMTP_NOT_CONFIGURED instead of doing nothing).
 */
export function outboxOperations(client: ExtensionClient, notifier: OutboxNotifier, clock: () => number = Date.now): OperationDef[] {
  const wake = () => notifier.wake();
  return [
    defineOperation({
      operationId: 'getOutboxSummary',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/outbox/summary',
      summary: 'Whether e-mail can go out (SMTP configured) and how many outbox messages are in each phase',
      tags: ['notifications'],
      response: {
        type: 'object',
        properties: {
          smtpConfigured: { type: 'boolean' },
          phases: { type: 'object', properties: Object.fromEntries(OUTBOX_PHASES.map((p) => [p, { type: 'integer' }])) },
        },
      },
      async handler({ principal }) {
        requireUser(principal);
        const counts = await Promise.all(OUTBOX_PHASES.map((phase) => client.count(OutboxMessage, eq('status.phase', phase))));
        return { smtpConfigured: await notifier.smtpConfigured(), phases: Object.fromEntries(OUTBOX_PHASES.map((p, i) => [p, counts[i]])) };
      },
    }),
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
        const page = await client.list(OutboxMessage, {
          where,
          sort: [{ field: 'metadata.creationTimestamp', direction: 'desc' }],
          page: query.page,
          size: query.size,
        });
        const items = client.viewItems(OutboxMessage, page.items, (m) => m);
        return toListResult(items, page.total ?? page.items.length, query.page, query.size);
      },
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'retryOutboxMessage',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/outbox/:name/retry',
      summary:
        'Queues a failed, waiting or pending message for delivery now, with a fresh set of attempts (data.outcome QUEUED);'
        + ' an e-mail while SMTP is not configured is refused with SMTP_NOT_CONFIGURED, a sent message with STATE_CONFLICT',
      tags: ['notifications'],
      params: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 253 } } },
      response: RETRY_ANSWER_SCHEMA,
      async handler({ params, principal }): Promise<RetryAnswer> {
        requireUser(principal);
        const msg = await client.fetch(OutboxMessage, params.name);
        if (!msg || !msg.status) throw new NotFoundError({ zh: '发件箱消息', en: 'outbox message' }, params.name);
        if (msg.status.phase === 'SENT')
          throw new AppError('STATE_CONFLICT', '消息已发送，无需重试', {
            messageEn: 'the message has already been sent; nothing to retry',
          });
        if (msg.spec?.channel === 'EMAIL' && !(await notifier.smtpConfigured())) throw smtpNotConfigured('retry');
        const nextAttemptAt = new Date(clock()).toISOString();
        const status = { ...msg.status, phase: 'PENDING' as const, attempts: 0, nextAttemptAt };
        const updated = await client.update({ ...msg, status });
        wake();
        return {
          name: msg.metadata.name,
          outcome: 'QUEUED',
          previousPhase: msg.status.phase,
          phase: 'PENDING',
          nextAttemptAt,
          message: updated,
        };
      },
    }),
    defineOperation<unknown, { to: string }>({
      operationId: 'sendTestEmail',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/outbox/test-email',
      summary:
        'Queues a test e-mail (template host-test-email) to check the SMTP settings; follow it in the outbox.'
        + ' Refused with SMTP_NOT_CONFIGURED while SMTP is not configured',
      tags: ['notifications'],
      body: {
        type: 'object',
        required: ['to'],
        additionalProperties: false,
        properties: { to: { type: 'string', minLength: 3, maxLength: 254, format: 'email' } },
      },
      response: { type: 'object', properties: { name: { type: 'string' }, phase: { type: 'string', enum: OUTBOX_PHASES } } },
      async handler({ body, principal, language }): Promise<Pick<SentMessage, 'name' | 'phase'>> {
        const requestedBy = requireUser(principal);
        if (!(await notifier.smtpConfigured())) throw smtpNotConfigured('test');
        // The administrator who asked reads it: in the language they saved, else the one their console speaks.
        const saved = (await client.fetch(User, requestedBy))?.spec.language;
        const { messages } = await notifier.send({
          template: 'host-test-email',
          to: [{ email: body.to, language: saved ?? language }],
          channels: ['EMAIL'],
          variables: { requestedBy },
        });
        return { name: messages[0].name, phase: messages[0].phase };
      },
    }),
  ];
}
