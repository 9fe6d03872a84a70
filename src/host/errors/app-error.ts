/**
 * Typed domain errors. Code throws an AppError (or a subclass); the HTTP layer maps it once, either to the
 * business envelope or to a Kubernetes Status object. Unknown errors become a generic 500 there.
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
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS | (string & {});

export interface ErrorDetail {
  /** JSON pointer or dotted field path of the failing input. */
  field?: string;
  message: string;
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

export class NotFoundError extends AppError {
  constructor(what: string, name?: string) {
    super('NOT_FOUND', name === undefined ? `${what} not found` : `${what} "${name}" not found`);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

export class AlreadyExistsError extends AppError {
  constructor(what: string, name: string) {
    super('ALREADY_EXISTS', `${what} "${name}" already exists`);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details: ErrorDetail[] = [], messageEn?: string) {
    super('VALIDATION_FAILED', message, { details, messageEn });
  }
}

/** Schema or semantic violations of a stored object (Kubernetes "Invalid", HTTP 422). */
export class InvalidError extends AppError {
  constructor(message: string, details: ErrorDetail[] = []) {
    super('INVALID', message, { details });
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
