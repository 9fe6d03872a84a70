import { isAppError } from '../../../host/sdk/index.js';
import type { CallbackAnswerInput } from './types.js';

/** The effective outcome and HTTP status of a callback answer, shared by every adapter's answerCallback. */
export interface AnswerDecision {
  acknowledged: boolean;
  status: number;
}

/**
 * accepted → 200; refused → the error's 4xx status (400 by default), except UNSUPPORTED_EVENT (status 200)
 * which is acknowledged so the provider stops resending it; retry → 503 so the provider resends.
 */
export function decideAnswer(input: CallbackAnswerInput): AnswerDecision {
  if (input.outcome === 'accepted') return { acknowledged: true, status: 200 };
  const status = isAppError(input.error) ? input.error.status : undefined;
  if (status === 200) return { acknowledged: true, status: 200 };
  if (input.outcome === 'retry') return { acknowledged: false, status: status !== undefined && status >= 500 ? status : 503 };
  return { acknowledged: false, status: status !== undefined && status >= 400 && status < 500 ? status : 400 };
}
