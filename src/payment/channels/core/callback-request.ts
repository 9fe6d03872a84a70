import type { CallbackRequest } from './types.js';

/** First value of a header (names are matched case-insensitively). */
export function headerValue(request: Pick<CallbackRequest, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

export function hasHeader(request: Pick<CallbackRequest, 'headers'>, name: string): boolean {
  const value = headerValue(request, name);
  return value !== undefined && value !== '';
}

export function rawBodyText(request: CallbackRequest): string {
  return typeof request.rawBody === 'string' ? request.rawBody : request.rawBody.toString('utf8');
}

/**
 * The callback's parameters as signed by form-style providers: the query string for GET, otherwise the
 * raw urlencoded body decoded exactly once (the route's own parser may have decoded differently).
 */
export function callbackParams(request: CallbackRequest): Record<string, string> {
  if (request.method.toUpperCase() === 'GET') return { ...request.query };
  return Object.fromEntries(new URLSearchParams(rawBodyText(request)));
}
