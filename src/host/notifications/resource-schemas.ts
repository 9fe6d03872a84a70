import { SMTP_FAILURE_REASONS } from './smtp-failure.js';
/** Schemas of the resources the notification operations return, for /openapi.json. */
const META = {
  type: 'object',
  properties: { name: { type: 'string' }, resourceVersion: { type: 'string' }, creationTimestamp: { type: 'string', format: 'date-time' } },
};

export const NOTIFICATION_SCHEMA = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string', const: 'Notification' },
    metadata: META,
    spec: {
      type: 'object',
      properties: {
        recipient: { type: 'string' },
        title: { type: 'string' },
        html: { type: 'string' },
        text: { type: 'string' },
        unread: { type: 'boolean' },
        createdAt: { type: 'string', format: 'date-time' },
        readAt: { type: 'string', format: 'date-time' },
        template: { type: 'string' },
        language: { type: 'string', enum: ['zh-CN', 'en'], description: 'the language the message was written in' },
      },
    },
  },
};

export const OUTBOX_MESSAGE_SCHEMA = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string', const: 'OutboxMessage' },
    metadata: META,
    spec: {
      type: 'object',
      properties: {
        channel: { type: 'string', enum: ['INBOX', 'EMAIL'] },
        recipient: { type: 'string' },
        inbox: { type: 'boolean' },
        username: { type: 'string' },
        language: { type: 'string', enum: ['zh-CN', 'en'], description: "the language the message was written in: the recipient's" },
        title: { type: 'string' },
        html: { type: 'string' },
        text: { type: 'string' },
        template: { type: 'string' },
        dedupeKey: { type: 'string' },
        dedupeId: { type: 'string' },
      },
    },
    status: {
      type: 'object',
      properties: {
        phase: { type: 'string', enum: ['PENDING', 'SENT', 'FAILED', 'WAITING_CONFIG'] },
        attempts: { type: 'integer' },
        nextAttemptAt: { type: 'string', format: 'date-time' },
        lastAttemptAt: { type: 'string', format: 'date-time' },
        lastError: { type: 'string' },
        lastErrorReason: { type: 'string', enum: [...SMTP_FAILURE_REASONS] },
        sentAt: { type: 'string', format: 'date-time' },
        inboxAt: { type: 'string', format: 'date-time' },
      },
    },
  },
};
