import { channelRejected, ChannelError } from '../core/errors.js';

/** A PayPal REST answer: its HTTP status and JSON body (empty for 204). */
export interface PayPalAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The body as a JSON object; anything else is CHANNEL_BAD_RESPONSE naming the path only. */
export function parseJsonObject(path: string, text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new ChannelError('CHANNEL_BAD_RESPONSE', `PayPal ${path}: answer is not a JSON object`);
}

/**
 * The issue PayPal names in an error answer: REST errors are `{name, message, details: [{issue,
 * description}]}` (the issue is the precise code, e.g. ORDER_ALREADY_CAPTURED), OAuth errors `{error,
 * error_description}`.
 */
export function issueOf(answer: PayPalAnswer): { code: string; message?: string } {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const detail = Array.isArray(answer.body.details) ? (answer.body.details[0] as Record<string, unknown> | undefined) : undefined;
  return {
    code: str(detail?.issue) ?? str(answer.body.name) ?? str(answer.body.error) ?? `HTTP_${answer.status}`,
    message: str(detail?.description) ?? str(answer.body.message) ?? str(answer.body.error_description),
  };
}

/** CHANNEL_REJECTED carrying PayPal's issue code and description. */
export function rejected(what: string, answer: PayPalAnswer): ChannelError {
  return channelRejected(`PayPal ${what}`, issueOf(answer));
}
