import { AppError, englishMessage, type ErrorDetail } from '../../errors/app-error.js';
import { toAppError } from '../envelope/envelope.js';

/** One field-level problem, as Kubernetes reports it in details.causes. */
export interface StatusCause {
  reason?: string;
  message: string;
  field?: string;
}

/** meta/v1 Status: the body of every generic-API error (and of a delete that removed the object). */
export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: { name?: string; group?: string; kind?: string; uid?: string; causes?: StatusCause[] };
  code: number;
}

/** What a request was about; filled in by the resource routes so errors can name it. */
export interface StatusTarget {
  group?: string;
  /** The resource (plural), as Kubernetes puts it in details.kind. */
  resource?: string;
  name?: string;
}

const REASON_BY_CODE: Record<string, string> = {
  NOT_FOUND: 'NotFound',
  ALREADY_EXISTS: 'AlreadyExists',
  CONFLICT: 'Conflict',
  STATE_CONFLICT: 'Conflict',
  INVALID: 'Invalid',
  GONE: 'Expired',
  TIMEOUT: 'Timeout',
  UNAUTHORIZED: 'Unauthorized',
  FORBIDDEN: 'Forbidden',
  METHOD_NOT_ALLOWED: 'MethodNotAllowed',
  PAYLOAD_TOO_LARGE: 'RequestEntityTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'UnsupportedMediaType',
  RATE_LIMITED: 'TooManyRequests',
  UNAVAILABLE: 'ServiceUnavailable',
  INTERNAL: 'InternalError',
};

const REASON_BY_STATUS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

/** ajv keywords → Kubernetes field-error reasons (field.ErrorType). */
const CAUSE_REASON: Record<string, string> = {
  required: 'FieldValueRequired',
  enum: 'FieldValueNotSupported',
  type: 'FieldValueTypeInvalid',
  additionalProperties: 'FieldValueForbidden',
  maxLength: 'FieldValueTooLong',
  maxItems: 'FieldValueTooMany',
};

function causeOf(detail: ErrorDetail): StatusCause {
  const reason =
    detail.reason && (detail.reason.startsWith('Field') || detail.reason === 'ResourceVersionTooLarge')
      ? detail.reason
      : (CAUSE_REASON[detail.reason ?? ''] ?? 'FieldValueInvalid');
  return { reason, message: detail.messageEn ?? detail.message, field: detail.field || undefined };
}

/**
 * The Kubernetes-style message for errors about a named object ("things.group \"x\" not found"). Status
 * messages are English whatever Accept-Language says: kubectl and client libraries show and match them.
 */
function messageFor(err: AppError, target: StatusTarget): string {
  const english = englishMessage(err);
  if (!target.resource || !target.name) return english;
  const qualified = target.group ? `${target.resource}.${target.group}` : target.resource;
  if (err.code === 'NOT_FOUND' && /not found$/.test(english) && !english.startsWith('kind '))
    return `${qualified} "${target.name}" not found`;
  if (err.code === 'ALREADY_EXISTS') return `${qualified} "${target.name}" already exists`;
  return english;
}

/** Maps any thrown value to a Status; unknown errors become a generic InternalError without internals. */
export function statusFromError(err: unknown, target: StatusTarget = {}): Status {
  const known = toAppError(err);
  // 504 Timeout (a resourceVersion later than the store's) is a client's error that Kubernetes reports so.
  const timeout = known.code === 'TIMEOUT' && known.status === 504;
  if (!timeout && (known.code === 'INTERNAL' || known.status >= 500)) {
    const code = known.code === 'UNAVAILABLE' ? 503 : 500;
    const message =
      code === 503
        ? 'the server is currently unable to handle the request'
        : 'Internal error occurred: an internal error occurred, see the server log';
    return failure(code, code === 503 ? 'ServiceUnavailable' : 'InternalError', message);
  }
  const reason = REASON_BY_CODE[String(known.code)] ?? REASON_BY_STATUS[known.status] ?? 'BadRequest';
  const status = failure(known.status, reason, messageFor(known, target));
  const causes = known.details.map(causeOf);
  if (target.name || target.group || target.resource || causes.length) {
    status.details = { name: target.name, group: target.group, kind: target.resource };
    if (causes.length) status.details.causes = causes;
  }
  return status;
}

export function failure(code: number, reason: string, message: string): Status {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
}

/** The answer to a delete that removed the object at once. */
export function success(target: StatusTarget & { uid?: string }): Status {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name: target.name, group: target.group, kind: target.resource, uid: target.uid },
    code: 200,
  };
}
