import { defaultErrorMessage } from './error-catalog.js';
import { hasChineseText, type Language } from './language.js';

/**
 * Typed domain errors. Code throws an AppError (or a subclass); the HTTP layer maps it once, either to the
 * business envelope or to a Kubernetes Status object. Unknown errors become a generic 500 there.
 *
 * Languages: `message` is the zh-CN text and `messageEn` the English one. A message without Chinese
 * characters is English text (an error made for the generic API or a log); a language the error has no text
 * in is answered with its code's default from the error catalog (error-catalog.ts, docs/errors.md).
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ALREADY_EXISTS: 409,
  CONFLICT: 409,
  STATE_CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  OBJECT_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS | (string & {});

export interface ErrorDetail {
  /** JSON pointer or dotted field path of the failing input. */
  field?: string;
  /** zh-CN text (or English only, when the detail has no Chinese text). */
  message: string;
  /** English text, when `message` is Chinese. */
  messageEn?: string;
  reason?: string;
}

export interface AppErrorOptions {
  status?: number;
  details?: ErrorDetail[];
  /** English text; `message` is the default (zh-CN where the spec fixes a text). */
  messageEn?: string;
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly messageEn?: string;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? (ERROR_STATUS as Record<string, number>)[code] ?? 400;
    this.details = options.details ?? [];
    this.messageEn = options.messageEn;
    this.headers = options.headers ?? {};
  }
}

/** What a NotFound or AlreadyExists error is about: a kind name (used in both languages) or words in each. */
export type ErrorNoun = string | { zh: string; en: string };

const nounIn = (noun: ErrorNoun, language: Language) => (typeof noun === 'string' ? noun : language === 'en' ? noun.en : noun.zh);

export class NotFoundError extends AppError {
  constructor(what: ErrorNoun, name?: string) {
    const [zh, en] = [nounIn(what, 'zh-CN'), nounIn(what, 'en')];
    super('NOT_FOUND', name === undefined ? `${zh}不存在` : `${zh}「${name}」不存在`, {
      messageEn: name === undefined ? `${en} not found` : `${en} "${name}" not found`,
    });
  }
}

/** A stale write (optimistic concurrency); the Kubernetes wording stays the English text. */
export class ConflictError extends AppError {
  constructor(messageEn: string, message = '数据已被修改，请刷新后重试') {
    super('CONFLICT', message, { messageEn });
  }
}

export class AlreadyExistsError extends AppError {
  constructor(what: ErrorNoun, name: string) {
    super('ALREADY_EXISTS', `${nounIn(what, 'zh-CN')}「${name}」已存在`, { messageEn: `${nounIn(what, 'en')} "${name}" already exists` });
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details: ErrorDetail[] = [], messageEn?: string) {
    super('VALIDATION_FAILED', message, { details, messageEn });
  }
}

/** Schema or semantic violations of a stored object (Kubernetes "Invalid", HTTP 422). */
export class InvalidError extends AppError {
  constructor(message: string, details: ErrorDetail[] = [], messageEn?: string) {
    super('INVALID', message, { details, messageEn });
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** The error's own text in a language, if it has one. */
function ownText(message: string, messageEn: string | undefined, language: Language): string | undefined {
  const chinese = hasChineseText(message);
  if (language === 'en') return messageEn ?? (chinese ? undefined : message);
  return chinese ? message : undefined;
}

/** The error's message in a language: its own text, else its code's default, else whatever text it has. */
export function localizedMessage(err: AppError, language: Language): string {
  return ownText(err.message, err.messageEn, language) ?? defaultErrorMessage(String(err.code), language) ?? err.messageEn ?? err.message;
}

/**
 * A detail's message in a language. A detail without text in that language says what its error says in it
 * (`fallback`, e.g. `localizedMessage(err, language)`), else the text it has.
 */
export function localizedDetail(detail: ErrorDetail, language: Language, fallback?: string): string {
  return ownText(detail.message, detail.messageEn, language) ?? fallback ?? detail.message;
}

/** The English text of an error (logs, delivery records, Kubernetes Status objects). */
export function englishMessage(err: AppError): string {
  return localizedMessage(err, 'en');
}
