import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../errors/app-error.js';

/** The deepest JSON nesting a body may have: our documents need a handful; recursive readers need a bound. */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The nesting depth of a JSON text, read in one pass over the raw bytes (strings skipped) before it is
 * parsed: a deep body never reaches JSON.parse, the schema validator or a merge patch, whose recursion
 * would overflow the stack. Stops as soon as the limit is passed.
 */
export function jsonDepthExceeds(buf: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const byte = buf[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** The body parser's verify hook for JSON: refuses nesting deeper than MAX_JSON_DEPTH with 400. */
export function refuseDeepJson(_req: Request, _res: Response, buf: Buffer): void {
  if (!jsonDepthExceeds(buf, MAX_JSON_DEPTH)) return;
  throw new AppError('BAD_REQUEST', `请求体嵌套过深（最多 ${MAX_JSON_DEPTH} 层）`, {
    messageEn: `the request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
  });
}

/**
 * Refuses a path with malformed percent-encoding (`%E0%A4%A`) with 400 before any route decodes it: every
 * later reader (routers, authorization, the generic API) may then decode without a URIError.
 */
export const refuseMalformedPath: RequestHandler = (req, _res, next) => {
  if (!req.path.includes('%')) return next();
  try {
    decodeURIComponent(req.path);
  } catch {
    return next(new AppError('BAD_REQUEST', '请求路径的百分号编码无效', { messageEn: 'the request path has invalid percent-encoding' }));
  }
  next();
};
