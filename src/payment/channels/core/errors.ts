import { AppError, type ErrorDetail } from '../../../host/sdk/index.js';

/**
 * Error codes thrown by channel adapters and the registry, with their HTTP status. The callback route
 * maps them to the provider's expected answer (see PaymentChannel.answerCallback); other routes to the
 * envelope. Codes the host table does not know carry their status here.
 */
export const CHANNEL_ERROR_STATUS = {
  /** The callback carries no signature we can check: 400. */
  MISSING_SIGNATURE: 400,
  /** The signature does not verify (wrong key, tampered body, stale timestamp): 401. */
  BAD_SIGNATURE: 401,
  /** A verified event we do not handle: answered 200 so the provider stops sending it, then ignored. */
  UNSUPPORTED_EVENT: 200,
  /**
   * A verified notification sent longer ago than the callback window: refused (nothing changes), but
   * acknowledged (200) so the provider stops resending it; the sync job's query still finds the truth.
   */
  STALE_CALLBACK: 200,
  /** A verified callback that does not belong to this installation or order (app id, amount, currency). */
  CALLBACK_MISMATCH: 400,
  /** The operation exists in the interface but this adapter does not offer it (refund on xunhupay). */
  NOT_SUPPORTED: 501,
  /** Network error, time-out or 5xx at the gateway: retry later. */
  CHANNEL_UNAVAILABLE: 503,
  /** The gateway refused the request; `details` carry the provider's code and message. */
  CHANNEL_REJECTED: 502,
  /** The gateway answered something we cannot trust or parse (bad response signature, broken JSON). */
  CHANNEL_BAD_RESPONSE: 502,
  /** Credentials or options are missing or malformed. */
  CHANNEL_MISCONFIGURED: 400,
  /** The payment service is switched off. */
  CHANNEL_DISABLED: 403,
  /** paymentType names no registered service. */
  UNKNOWN_PAYMENT_TYPE: 400,
  /** paymentChannel is not offered by the service. */
  UNSUPPORTED_PAYMENT_CHANNEL: 400,
  /** The channel needs a fact about the payer the initiation did not give (WeChat JSAPI: openid; H5: IP). */
  PAYER_DETAILS_REQUIRED: 400,
} as const;

export type ChannelErrorCode = keyof typeof CHANNEL_ERROR_STATUS;

/** Provider-side facts kept on CHANNEL_REJECTED so operators can see what the gateway said. */
export interface ProviderFault {
  code?: string;
  message?: string;
  subCode?: string;
  subMessage?: string;
}

/** The one error type adapters throw. */
export class ChannelError extends AppError {
  readonly provider?: ProviderFault;

  constructor(
    code: ChannelErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; provider?: ProviderFault; cause?: unknown; messageEn?: string } = {},
  ) {
    super(code, message, {
      status: CHANNEL_ERROR_STATUS[code],
      details: options.details,
      cause: options.cause,
      messageEn: options.messageEn,
    });
    this.name = 'ChannelError';
    this.provider = options.provider;
  }
}

export function isChannelError(err: unknown, code?: ChannelErrorCode): err is ChannelError {
  return err instanceof ChannelError && (code === undefined || err.code === code);
}

/** CHANNEL_REJECTED carrying the provider's code/msg (and sub_code/sub_msg where the provider has them). */
export function channelRejected(what: string, provider: ProviderFault): ChannelError {
  const parts = [provider.code, provider.message, provider.subCode, provider.subMessage].filter(Boolean);
  return new ChannelError('CHANNEL_REJECTED', `${what} refused by the channel: ${parts.join(' ')}`, {
    provider,
    details: [{ field: 'provider', message: parts.join(' '), reason: provider.subCode ?? provider.code }],
  });
}
