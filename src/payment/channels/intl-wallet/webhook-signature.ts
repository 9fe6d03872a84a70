import { headerValue } from '../core/callback-request.js';
import { paypalTimeToIso } from './paypal-time.js';
import { rsaSha256Verify } from '../crypto/rsa-sha256.js';
import { ChannelError } from '../core/errors.js';
import type { CallbackRequest } from '../core/types.js';
import type { CertificateStore } from './certificate-store.js';
import { crc32 } from 'node:zlib';
import { issueOf } from './paypal-answer.js';
import type { PayPalClient } from './rest-client.js';

/** The only algorithm PayPal signs webhooks with. */
export const AUTH_ALGO = 'SHA256withRSA';

/** The `PAYPAL-*` headers of a webhook delivery (one transmission). */
export interface Transmission {
  id: string;
  /** RFC 3339, as PayPal wrote it (it is part of the signed text). */
  time: string;
  signature: string;
  certUrl: string;
  authAlgo: string;
}

/** The transmission headers; any of them missing is MISSING_SIGNATURE. */
export function transmissionOf(request: CallbackRequest): Transmission {
  const read = (name: string) => headerValue(request, name) ?? '';
  const transmission = {
    id: read('paypal-transmission-id'),
    time: read('paypal-transmission-time'),
    signature: read('paypal-transmission-sig'),
    certUrl: read('paypal-cert-url'),
    authAlgo: read('paypal-auth-algo'),
  };
  const missing = Object.entries(transmission).filter(([, v]) => !v);
  if (missing.length > 0) {
    throw new ChannelError(
      'MISSING_SIGNATURE',
      'PayPal webhook without PAYPAL-TRANSMISSION-ID/-TIME/-SIG, PAYPAL-CERT-URL, PAYPAL-AUTH-ALGO',
    );
  }
  if (paypalTimeToIso(transmission.time) === undefined) refuse('PAYPAL-TRANSMISSION-TIME is not a time');
  return transmission;
}

/** What PayPal signs: `transmission_id|transmission_time|webhook_id|CRC32(raw body)` (CRC32 unsigned, decimal). */
export function signedText(transmission: Pick<Transmission, 'id' | 'time'>, webhookId: string, rawBody: Buffer | string): string {
  return `${transmission.id}|${transmission.time}|${webhookId}|${crc32(rawBody)}`;
}

/** Offline: SHA256withRSA over the signed text with the public key of the certificate PayPal names. */
export async function verifyOffline(
  transmission: Transmission,
  rawBody: Buffer | string,
  webhookId: string,
  certificates: CertificateStore,
): Promise<void> {
  if (transmission.authAlgo !== AUTH_ALGO) refuse(`PAYPAL-AUTH-ALGO ${transmission.authAlgo.slice(0, 32)} is not ${AUTH_ALGO}`);
  const key = await certificates.publicKey(transmission.certUrl);
  if (!rsaSha256Verify(signedText(transmission, webhookId, rawBody), transmission.signature, key)) {
    refuse('PayPal webhook signature does not verify (tampered body, another webhook id or another certificate)');
  }
}

/**
 * Through PayPal: `POST /v1/notifications/verify-webhook-signature`. The event is embedded as the raw text
 * received, not re-serialised, since PayPal checks its CRC32 against the signature.
 */
export async function verifyByApi(transmission: Transmission, rawText: string, webhookId: string, client: PayPalClient): Promise<void> {
  try {
    JSON.parse(rawText);
  } catch {
    refuse('PayPal webhook body is not JSON');
  }
  const fields = {
    auth_algo: transmission.authAlgo,
    cert_url: transmission.certUrl,
    transmission_id: transmission.id,
    transmission_sig: transmission.signature,
    transmission_time: transmission.time,
    webhook_id: webhookId,
  };
  const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawText}}`;
  const answer = await client.call('POST', '/v1/notifications/verify-webhook-signature', { body });
  if (answer.status !== 200) refuse(`PayPal verify-webhook-signature refused the request: ${issueOf(answer).code}`);
  if (answer.body.verification_status !== 'SUCCESS') refuse('PayPal verify-webhook-signature answered FAILURE');
}

function refuse(message: string): never {
  throw new ChannelError('BAD_SIGNATURE', message);
}
