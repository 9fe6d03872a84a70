import type { SmtpFailureReason } from './smtp-failure.js';
import { HOST_GROUP, HOST_VERSION } from '../resource/host-group.js';
import { defineKind } from '../resource/kind-def.js';
import type { Resource } from '../resource/types.js';
import type { Language } from '../errors/language.js';

export type Channel = 'INBOX' | 'EMAIL';
export const CHANNELS: Channel[] = ['INBOX', 'EMAIL'];

export type OutboxPhase = 'PENDING' | 'SENT' | 'FAILED' | 'WAITING_CONFIG';
export const OUTBOX_PHASES: OutboxPhase[] = ['PENDING', 'SENT', 'FAILED', 'WAITING_CONFIG'];

/** What the outbox keeps of one message: rendered once, delivered as stored. */
export interface OutboxMessageSpec {
  channel: Channel;
  /** User name for INBOX, e-mail address for EMAIL. */
  recipient: string;
  /**
   * EMAIL only: the message also goes into the inbox of `username`. A user reached on both channels gets one
   * message, not two: one row, one write and one delivery step for the inbox part.
   */
  inbox?: boolean;
  username?: string;
  displayName?: string;
  /** The language the message was written in (the recipient's). */
  language?: Language;
  title: string;
  html: string;
  text: string;
  template?: string;
  dedupeKey?: string;
  /** Set by the outbox from (dedupeKey, channel, recipient): the indexed identity of a deduplicated message. */
  dedupeId?: string;
}

export interface OutboxMessageStatus {
  phase: OutboxPhase;
  attempts: number;
  /** RFC 3339 with milliseconds; indexed together with phase so due messages are found by a range query. */
  nextAttemptAt?: string;
  lastAttemptAt?: string;
  /** The server's or the transport's own words about the last failure (a detail for operators). */
  lastError?: string;
  /** What failed, in the apps' words (smtp-failure.ts): e-mail attempts only. */
  lastErrorReason?: SmtpFailureReason;
  sentAt?: string;
  /** When the inbox part of an `inbox` e-mail message was put into the inbox (it is never put there twice). */
  inboxAt?: string;
}

export type OutboxMessage = Resource<OutboxMessageSpec, OutboxMessageStatus>;
export const OutboxMessage = defineKind<OutboxMessageSpec, OutboxMessageStatus>({
  group: HOST_GROUP,
  version: HOST_VERSION,
  kind: 'OutboxMessage',
  plural: 'outboxmessages',
});

export interface NotificationSpec {
  recipient: string;
  title: string;
  html: string;
  text: string;
  unread: boolean;
  createdAt: string;
  readAt?: string;
  outboxMessage?: string;
  template?: string;
  /** The language it was written in (the recipient's), so a page in another language can mark it as such. */
  language?: Language;
}

export type Notification = Resource<NotificationSpec>;
export const Notification = defineKind<NotificationSpec>({
  group: HOST_GROUP,
  version: HOST_VERSION,
  kind: 'Notification',
  plural: 'notifications',
});

export interface TemplateVariable {
  name: string;
  /** Default true: rendering fails when the caller leaves it out. */
  required?: boolean;
  description?: string;
}

/** A message's bodies in one more language; a body not given is the base one. */
export interface TranslatedBodies {
  title?: string;
  html?: string;
  /** Derived from this language's html when only that is given. */
  text?: string;
}

/**
 * A template as written in templates/notifications/<id>.yaml or in a NotificationTemplate resource. The base
 * bodies are zh-CN, `i18n.en` the English ones; each recipient gets the bodies of their language.
 */
export interface TemplateSource {
  description?: string;
  title: string;
  html: string;
  text: string;
  variables?: TemplateVariable[];
  i18n?: { en?: TranslatedBodies };
}

export type NotificationTemplate = Resource<TemplateSource>;
export const NotificationTemplate = defineKind<TemplateSource>({
  group: HOST_GROUP,
  version: HOST_VERSION,
  kind: 'NotificationTemplate',
  plural: 'notificationtemplates',
});

/**
 * A recipient as services name it: a user of the site (their message is in the language they saved, else the
 * site default), or a bare e-mail address (in `language` when the sender knows the reader's, else the site
 * default).
 */
export type RecipientRef = { username: string } | { email: string; language?: Language };

/** Inline content, rendered with the same rules as a template (its html is sanitized as well); base zh-CN. */
export interface InlineContent {
  title: string;
  html: string;
  /** Derived from html when absent. */
  text?: string;
  /** The English bodies, as a template's `i18n.en`. */
  i18n?: { en?: TranslatedBodies };
}

export interface SendInput {
  /** Template id (file or NotificationTemplate); give either template or content. */
  template?: string;
  content?: InlineContent;
  to: RecipientRef[];
  variables?: Record<string, unknown>;
  /**
   * The sender's key of the logical message (for example `auth-expired:<record>:<expireTime>`). A message
   * with the same key, channel and recipient is queued once, however often send is called.
   */
  dedupeKey?: string;
  /** Channels to use; default both (users without an e-mail address get only the inbox). */
  channels?: Channel[];
  /**
   * A user recipient that does not exist: 'fail' (default) refuses the send with NOT_FOUND; 'skip' leaves
   * that recipient out (a sender that only writes to users who still exist, without looking each up first).
   */
  missingUsers?: 'fail' | 'skip';
}

export interface SentMessage {
  name: string;
  channel: Channel;
  recipient: string;
  phase: OutboxPhase;
  /** True when an earlier send with the same dedupeKey already queued it; nothing new was written. */
  deduplicated: boolean;
}

export interface SendResult {
  messages: SentMessage[];
}

/** The part of the notification center that services and plugins use. */
export interface Notifier {
  send(input: SendInput): Promise<SendResult>;
}
