import type { Request, Response } from 'express';
import { AppError, isAppError, localizedDetail, localizedMessage } from '../../errors/app-error.js';
import { negotiateLanguage, type Language } from '../../errors/language.js';
import { payloadTooLarge } from '../../errors/payload-too-large.js';

/** The one answer shape of every business endpoint (DESIGN: "Business endpoints"). */
export interface Envelope<T = unknown> {
  success: boolean;
  code: string;
  message: string;
  data: T | null;
  details?: Array<{ field?: string; message: string; reason?: string }>;
  requestId?: string;
}

/** The language of the answer's messages: zh-CN (the spec's texts) unless Accept-Language prefers English. */
export function requestLanguage(req: Request): Language {
  return negotiateLanguage(req.headers['accept-language']);
}

export function prefersEnglish(req: Request): boolean {
  return requestLanguage(req) === 'en';
}

export function ok<T>(data: T): Envelope<T> {
  return { success: true, code: 'OK', message: 'OK', data };
}

export function sendOk<T>(res: Response, data: T, status = 200): void {
  res.status(status).json(ok(data));
}

/**
 * Turns any thrown value into an envelope in the request's language; unknown errors never leak their text or
 * stack. `details[]` (one entry per field) carry the dotted `field`, the message and the `reason` when set.
 */
export function errorEnvelope(err: unknown, req: Request): { status: number; body: Envelope<null>; headers: Record<string, string> } {
  const known = toAppError(err);
  const language = requestLanguage(req);
  const message = localizedMessage(known, language);
  const body: Envelope<null> = { success: false, code: String(known.code), message, data: null, requestId: req.requestId };
  if (known.details.length) {
    body.details = known.details.map((d) => ({
      field: d.field,
      message: localizedDetail(d, language, message),
      ...(d.reason === undefined ? {} : { reason: d.reason }),
    }));
  }
  return { status: known.status, body, headers: { ...known.headers, 'Content-Language': language } };
}

export function toAppError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const e = err as { type?: string; status?: number; statusCode?: number; expose?: boolean; limit?: number };
  // body-parser errors carry a status and a type; they are the caller's fault, so say what went wrong.
  // raw-body puts the limit it applied on the error: the route's own (16 MiB for the records import) or 1 MiB.
  if (e?.type === 'entity.too.large') {
    if (typeof e.limit === 'number') return payloadTooLarge(e.limit);
    return new AppError('PAYLOAD_TOO_LARGE', '请求体过大', { messageEn: 'request body too large' });
  }
  if (e?.type === 'entity.parse.failed')
    return new AppError('BAD_REQUEST', '请求体不是合法的 JSON', { messageEn: 'request body is not valid JSON' });
  if (e?.expose && (e.status ?? e.statusCode) && (e.status ?? e.statusCode)! < 500) {
    return new AppError('BAD_REQUEST', '请求无效', { status: e.status ?? e.statusCode, messageEn: 'invalid request' });
  }
  return new AppError('INTERNAL', '服务器内部错误', { messageEn: 'internal server error' });
}
