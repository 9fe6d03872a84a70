/**
 * The last result of a notifyUrl delivery as a sentence for the administrator (issue 29): what the
 * receiving server did, the HTTP status or the system error code only as a detail in brackets.
 */
type Translate = (key: string, named?: Record<string, unknown>) => string;

/** The parts of a delivery's status the sentence reads. */
export interface DeliveryResult {
  lastStatusCode?: number;
  lastError?: string;
}

/** Which sentence an HTTP status calls for. */
function answerKey(code: number): string {
  if (code >= 200 && code < 300) return 'received';
  if (code >= 500) return 'serverFailed';
  if (code >= 400) return 'refused';
  return 'unexpectedAnswer';
}

/** deliver-once.ts writes "request failed: ECONNREFUSED", "request failed" or "no answer within …" without an answer. */
function transportText(error: string, t: Translate): string {
  if (error.startsWith('no answer within')) return t('payment.delivery.timedOut');
  const failed = /^request failed(?:: ([A-Z0-9_]+))?$/.exec(error);
  if (failed) return failed[1] ? t('payment.delivery.unreachableCode', { code: failed[1] }) : t('payment.delivery.unreachable');
  return t('payment.delivery.otherError', { error });
}

export function deliveryResultText(r: DeliveryResult, t: Translate): string {
  if (r.lastStatusCode) return t(`payment.delivery.${answerKey(r.lastStatusCode)}`, { code: r.lastStatusCode });
  return r.lastError ? transportText(r.lastError, t) : '-';
}
