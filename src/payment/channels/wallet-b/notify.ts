import { headerValue, rawBodyText } from '../core/callback-request.js';
import { ChannelError } from '../core/errors.js';
import type { CallbackEvent, CallbackRequest } from '../core/types.js';
import type { WalletBOptions } from './options.js';
import { decryptResource, type EncryptedResource } from './resource-cipher.js';
import { SIGNATURE_SCHEME, checkWechatpaySignature } from './signature.js';
import { mapRefundStatus } from './refund-status.js';
import { mapTradeState } from './trade-state.js';
import { wechatTimeToIso } from './wechat-time.js';

/** The notification event of a payment. */
const TRANSACTION_EVENT = 'TRANSACTION.SUCCESS';
/** The notification events of a refund (sent to the refund's notify_url); other events are acknowledged and ignored. */
const REFUND_EVENTS: ReadonlySet<unknown> = new Set(['REFUND.SUCCESS', 'REFUND.ABNORMAL', 'REFUND.CLOSED']);

/** The parts of a notification body we read (the rest is kept for the log as received). */
interface NotificationBody {
  id?: unknown;
  event_type?: unknown;
  resource_type?: unknown;
  resource?: EncryptedResource;
}

/**
 * Verifies a WeChat Pay APIv3 notification and normalises it. Order: the signature over the raw body with
 * the platform key that `Wechatpay-Serial` names, and its timestamp (±5 min); then the resource, decrypted
 * with the APIv3 key (AES-256-GCM authenticates it a second time); then that it is our merchant (and app).
 * A payment (TRANSACTION.SUCCESS, an encrypted `transaction`) or a refund (REFUND.SUCCESS / ABNORMAL / CLOSED,
 * an encrypted `refund`: the event's `refund` is set).
 */
export function verifyWechatPayNotify(request: CallbackRequest, options: WalletBOptions, nowSeconds: number): CallbackEvent {
  const rawBody = rawBodyText(request);
  const headers = {
    timestamp: headerValue(request, 'wechatpay-timestamp'),
    nonce: headerValue(request, 'wechatpay-nonce'),
    signature: headerValue(request, 'wechatpay-signature'),
    serial: headerValue(request, 'wechatpay-serial'),
  };
  const signatureType = headerValue(request, 'wechatpay-signature-type');
  if (signatureType && signatureType !== SIGNATURE_SCHEME) refuse(`Wechatpay-Signature-Type ${signatureType} is not ${SIGNATURE_SCHEME}`);
  const check = checkWechatpaySignature(headers, rawBody, options.platformKeys, nowSeconds);
  if (check === 'UNSIGNED')
    throw new ChannelError('MISSING_SIGNATURE', 'WeChat Pay notification without Wechatpay-Signature/Serial/Timestamp/Nonce');
  if (check === 'UNKNOWN_SERIAL') refuse('WeChat Pay notification signed with a platform key we do not have (Wechatpay-Serial)');
  if (check === 'BAD_SIGNATURE') refuse('WeChat Pay notification signature does not verify with the platform key');
  if (check === 'STALE') refuse('WeChat Pay notification timestamp is more than 5 minutes from now');

  const body = parseNotification(rawBody);
  if (body.event_type === TRANSACTION_EVENT) {
    return transactionEvent(decryptedResource(body, 'transaction', options), body, options, headers.timestamp!);
  }
  if (REFUND_EVENTS.has(body.event_type)) return refundEvent(decryptedResource(body, 'refund', options), body, options, headers.timestamp!);
  throw new ChannelError('UNSUPPORTED_EVENT', `WeChat Pay event_type ${String(body.event_type)} is not handled`);
}

/** The notification's resource of the expected original_type, decrypted and parsed. */
function decryptedResource(body: NotificationBody, originalType: string, options: WalletBOptions): Record<string, unknown> {
  if (body.resource_type !== 'encrypt-resource' || body.resource?.original_type !== originalType) {
    throw new ChannelError('UNSUPPORTED_EVENT', `WeChat Pay notification resource is not an encrypted ${originalType}`);
  }
  const plaintext = decryptResource(body.resource, options.apiV3Key);
  // Signed by WeChat Pay yet not readable with our APIv3 key: a key mismatch here, so WeChat Pay should resend.
  if (plaintext === undefined) refuse('WeChat Pay notification resource does not decrypt with the APIv3 key');
  return parseTransaction(plaintext);
}

/**
 * A refund's result. The payment it refunds was paid (status SUCCESS, amount the trade's total); the refund's
 * own facts are in `refund`: our out_refund_no, WeChat Pay's refund_id, amount.refund, refund_status.
 */
function refundEvent(doc: Record<string, unknown>, body: NotificationBody, options: WalletBOptions, timestamp: string): CallbackEvent {
  if (doc.mchid !== options.mchId) mismatch('mchid', 'refund notification is for another merchant');
  if (typeof doc.out_trade_no !== 'string' || !doc.out_trade_no || typeof doc.out_refund_no !== 'string' || !doc.out_refund_no)
    throw new ChannelError('UNSUPPORTED_EVENT', 'WeChat Pay refund notification without out_trade_no or out_refund_no');
  const amount = (doc.amount ?? {}) as Record<string, unknown>;
  if (!Number.isSafeInteger(amount.refund) || !Number.isSafeInteger(amount.total))
    mismatch('amount', 'amount.refund is not an integer of fen');
  const vendorStatus = typeof doc.refund_status === 'string' ? doc.refund_status : undefined;
  return {
    orderRef: doc.out_trade_no,
    status: 'SUCCESS',
    amountMinor: amount.total as number,
    channelTradeNo: typeof doc.transaction_id === 'string' ? doc.transaction_id : undefined,
    eventId: typeof body.id === 'string' && body.id ? body.id : undefined,
    sentAt: new Date(Number(timestamp) * 1000).toISOString(),
    vendorStatus,
    refund: {
      refundId: doc.out_refund_no,
      channelRefundNo: typeof doc.refund_id === 'string' ? doc.refund_id : undefined,
      status: mapRefundStatus(vendorStatus),
      amountMinor: amount.refund as number,
      refundedAt: wechatTimeToIso(doc.success_time),
      vendorStatus,
      raw: doc,
    },
    raw: { id: body.id, event_type: body.event_type, refund: doc },
  };
}

function transactionEvent(
  trade: Record<string, unknown>,
  body: NotificationBody,
  options: WalletBOptions,
  timestamp: string,
): CallbackEvent {
  if (trade.mchid !== options.mchId) mismatch('mchid', 'notification is for another merchant');
  if (trade.appid !== options.appId) mismatch('appid', 'notification is for another application');
  if (typeof trade.out_trade_no !== 'string' || !trade.out_trade_no)
    throw new ChannelError('UNSUPPORTED_EVENT', 'WeChat Pay transaction without out_trade_no');
  const amount = (trade.amount ?? {}) as Record<string, unknown>;
  if (!Number.isSafeInteger(amount.total) || typeof amount.currency !== 'string')
    mismatch('amount', 'amount.total is not an integer of fen');
  const vendorStatus = typeof trade.trade_state === 'string' ? trade.trade_state : undefined;
  return {
    orderRef: trade.out_trade_no,
    status: mapTradeState(vendorStatus),
    amountMinor: amount.total as number,
    currency: amount.currency as string,
    channelTradeNo: typeof trade.transaction_id === 'string' ? trade.transaction_id : undefined,
    paidAt: wechatTimeToIso(trade.success_time),
    eventId: typeof body.id === 'string' && body.id ? body.id : undefined,
    sentAt: new Date(Number(timestamp) * 1000).toISOString(),
    vendorStatus,
    raw: { id: body.id, event_type: body.event_type, transaction: trade },
  };
}

function parseNotification(rawBody: string): NotificationBody {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed === 'object' && parsed !== null) return parsed as NotificationBody;
  } catch {
    // a signed body that is not JSON is nothing we handle
  }
  throw new ChannelError('UNSUPPORTED_EVENT', 'WeChat Pay notification body is not a JSON object');
}

function parseTransaction(plaintext: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(plaintext);
    if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new ChannelError('UNSUPPORTED_EVENT', 'WeChat Pay notification resource is not a JSON object');
}

function refuse(message: string): never {
  throw new ChannelError('BAD_SIGNATURE', message);
}

function mismatch(field: string, message: string): never {
  throw new ChannelError('CALLBACK_MISMATCH', `WeChat Pay ${message}`, { details: [{ field, message, reason: 'MISMATCH' }] });
}
