import { ChannelError } from '../core/errors.js';
import type { PaymentStatus } from '../core/types.js';

/** The simulated gateway's event types. */
export type SandboxEventType = 'payment.succeeded' | 'payment.failed';

/** The JSON body of a simulated callback. */
export interface SandboxEvent {
  id: string;
  type: SandboxEventType;
  /** Unix seconds. */
  created: number;
  data: {
    paymentId: string;
    tradeNo: string;
    amountMinor: number;
    currency: string;
    paidAt?: string;
  };
}

/** Sandbox event type → our status; the one switch of this adapter. */
export function mapSandboxEventType(type: unknown): PaymentStatus {
  switch (type) {
    case 'payment.succeeded':
      return 'SUCCESS';
    case 'payment.failed':
      return 'FAILED';
    default:
      throw new ChannelError('UNSUPPORTED_EVENT', `sandbox event type ${String(type)} is not handled`);
  }
}

/** Parses a verified body; a shape we do not know is an event we do not handle. */
export function parseSandboxEvent(rawBody: string): SandboxEvent {
  let event: SandboxEvent;
  try {
    event = JSON.parse(rawBody) as SandboxEvent;
  } catch {
    throw new ChannelError('UNSUPPORTED_EVENT', 'sandbox callback body is not JSON');
  }
  const data = event?.data;
  if (typeof data?.paymentId !== 'string' || !Number.isSafeInteger(data.amountMinor) || typeof data.currency !== 'string') {
    throw new ChannelError('UNSUPPORTED_EVENT', 'sandbox callback body lacks paymentId, amountMinor or currency');
  }
  return event;
}
