/**
 * Answers that are not the host's envelope: a reverse proxy's error page (nginx's "502 Bad Gateway" while the
 * server restarts), an empty body, or no answer at all (network down, server gone). None of them carries a
 * sentence, so the apps say what it means and what to do in the page's language (catalog keys under
 * `error.`), never "HTTP 502" or "Failed to fetch".
 */

/** Codes of ApiError for failures the server did not describe itself. */
export const TRANSPORT_CODES = {
  /** 502/503/504 without an envelope: a proxy in front of the server could not reach it. */
  unavailable: 'SERVER_UNAVAILABLE',
  /** No answer at all: the request never reached the server or the connection dropped. */
  network: 'NETWORK_ERROR',
  /** Any other status without an envelope. */
  unexpected: 'UNEXPECTED_ANSWER',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  tooMany: 'RATE_LIMITED',
} as const;

export interface TransportWords {
  code: string;
  /** Catalog key of the sentence (ui-shared/locales: `error.*`). */
  key: string;
  named?: Record<string, unknown>;
}

/** The words for a status whose body was not an envelope (HTML, text or nothing). */
export function failureWithoutEnvelope(status: number): TransportWords {
  if (status === 502 || status === 503 || status === 504) return { code: TRANSPORT_CODES.unavailable, key: 'error.unavailable' };
  if (status === 413) return { code: TRANSPORT_CODES.tooLarge, key: 'error.tooLarge' };
  if (status === 429) return { code: TRANSPORT_CODES.tooMany, key: 'error.tooMany' };
  return { code: TRANSPORT_CODES.unexpected, key: 'error.unexpected', named: { status } };
}

/** A fetch that got no answer rejects with a TypeError ("Failed to fetch"); an abort is not a failure to report. */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError;
}
