/**
 * PayPal webhook deliveries as PayPal makes them: a JSON event and the PAYPAL-* transmission headers, signed
 * SHA256withRSA over `transmission_id|transmission_time|webhook_id|CRC32(body)` with the certificate's key.
 * The CRC32 comes from the `crc-32` package, independently of src/ (which has its own).
 */
import { createSign, createVerify, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import CRC32 from 'crc-32';
import type { WebhookSigner } from './test-keys.js';

export interface WebhookDelivery {
  body: string;
  headers: Record<string, string>;
}

export interface SignOptions {
  webhookId: string;
  certUrl: string;
  signer: WebhookSigner;
  transmissionId?: string;
  /** RFC 3339 as PayPal writes it (seconds, Z). */
  time?: string;
  authAlgo?: string;
}

/** CRC-32 of the raw bytes as PayPal puts it in the signed text: unsigned, decimal. */
export function paypalCrc32(body: string | Buffer): string {
  return String(CRC32.buf(typeof body === 'string' ? Buffer.from(body, 'utf8') : body) >>> 0);
}

export function transmissionText(transmissionId: string, time: string, webhookId: string, body: string | Buffer): string {
  return `${transmissionId}|${time}|${webhookId}|${paypalCrc32(body)}`;
}

export function paypalTime(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}Z`;
}

/** The PAYPAL-* headers of one transmission of a body. */
export function signedHeaders(body: string, options: SignOptions): Record<string, string> {
  const transmissionId = options.transmissionId ?? randomUUID();
  const time = options.time ?? paypalTime(new Date());
  const signature = createSign('RSA-SHA256')
    .update(transmissionText(transmissionId, time, options.webhookId, body))
    .sign(options.signer.pair.privateKey, 'base64');
  return {
    'content-type': 'application/json',
    'user-agent': 'PayPal/AUHD-214.0-58128186',
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': time,
    'paypal-transmission-sig': signature,
    'paypal-cert-url': options.certUrl,
    'paypal-auth-algo': options.authAlgo ?? 'SHA256withRSA',
  };
}

/** PayPal's own check, as verify-webhook-signature makes it. */
export function verifyTransmission(fields: Record<string, unknown>, rawEvent: string, webhookId: string, key: KeyObject): boolean {
  if (fields.auth_algo !== 'SHA256withRSA' || fields.webhook_id !== webhookId) return false;
  const text = transmissionText(String(fields.transmission_id), String(fields.transmission_time), webhookId, rawEvent);
  try {
    return createVerify('RSA-SHA256').update(text).verify(key, String(fields.transmission_sig), 'base64');
  } catch {
    return false;
  }
}

const RESOURCE_TYPES: Record<string, string> = {
  'CHECKOUT.ORDER.APPROVED': 'checkout-order',
  'PAYMENT.CAPTURE.REFUNDED': 'refund',
};

/** An event body around a resource (`WH-…` id, the same on every resend of the event). */
export function eventBody(eventType: string, resource: Record<string, unknown>, id = webhookEventId()): string {
  return JSON.stringify({
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: RESOURCE_TYPES[eventType] ?? 'capture',
    resource_version: '2.0',
    event_type: eventType,
    summary: `${eventType} (test)`,
    resource,
    links: [{ href: `https://api.sandbox.paypal.com/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
  });
}

export function webhookEventId(): string {
  return `WH-${randomBytes(8).toString('hex').toUpperCase()}-${randomBytes(8).toString('hex').toUpperCase()}`;
}
