import { compactDecrypt, errors as joseErrors } from 'jose';
import { AppError, ajvErrorDetails, createAjv, detailSummary, ValidationError } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { INITIATE_BODY_SCHEMA, type InitiatePaymentInput } from '../orders/initiate-input.js';
import { interfacePrivateKey } from '../settings/interface-keys.js';
import { useNonceOnce } from './nonce-store.js';

/** The only algorithms accepted: RSA-OAEP-256 key wrapping with the interface key, AES-256-GCM content. */
export const JWE_ALG = 'RSA-OAEP-256';
export const JWE_ENC = 'A256GCM';
/** How far a request's timestamp may be from now, either way. */
export const REPLAY_WINDOW_MS = 5 * 60_000;

/** The decrypted plaintext: the initiatePayment body plus the replay guard. */
const ENCRYPTED_PLAINTEXT_SCHEMA = {
  ...INITIATE_BODY_SCHEMA,
  required: [...INITIATE_BODY_SCHEMA.required, 'timestamp', 'nonce'],
  properties: {
    ...INITIATE_BODY_SCHEMA.properties,
    timestamp: { type: 'integer', minimum: 0, description: 'Unix time of the request, in seconds or milliseconds' },
    nonce: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$', description: 'random, never reused (16–64 of A-Z a-z 0-9 _ -)' },
  },
};

const validatePlaintext = createAjv().compile<InitiatePaymentInput & { timestamp: number; nonce: string }>(ENCRYPTED_PLAINTEXT_SCHEMA);

function undecryptable(zhWhy: string, enWhy: string): AppError {
  return new AppError('ENCRYPTED_PAYLOAD_INVALID', `加密请求无法解密：${zhWhy}`, {
    status: 400,
    messageEn: `the encrypted request cannot be decrypted: ${enWhy}`,
    details: [{ field: 'payload', message: zhWhy, messageEn: enWhy }],
  });
}

/** Seconds (10 digits) or milliseconds (13 digits) since the epoch → milliseconds. */
function timestampMs(value: number): number {
  return value < 1e12 ? value * 1000 : value;
}

/**
 * Opens an encrypted initiation: a compact JWE (RSA-OAEP-256 + A256GCM only) made with the interface public
 * key, whose plaintext is the initiatePayment JSON with `timestamp` and `nonce`. Refuses another algorithm,
 * a token that does not decrypt or verify (tampered, another key), a body that is not the initiatePayment
 * shape, a timestamp outside the 5-minute window, and a nonce the merchant used before. Nothing is written
 * unless the request is accepted (then only its nonce).
 */
export async function openEncryptedInitiation(deps: PaymentDeps, platform: string, jwe: string): Promise<InitiatePaymentInput> {
  const key = interfacePrivateKey((await deps.settings.read()).interfacePrivateKey);
  let plaintext: Uint8Array;
  try {
    ({ plaintext } = await compactDecrypt(jwe.trim(), key, { keyManagementAlgorithms: [JWE_ALG], contentEncryptionAlgorithms: [JWE_ENC] }));
  } catch (err) {
    if (err instanceof joseErrors.JOSEAlgNotAllowed || err instanceof joseErrors.JOSENotSupported)
      throw undecryptable(`只接受 alg ${JWE_ALG} 与 enc ${JWE_ENC}`, `only alg ${JWE_ALG} with enc ${JWE_ENC} is accepted`);
    if (err instanceof joseErrors.JWEInvalid)
      throw undecryptable('不是有效的 compact JWE', 'not a valid compact JWE (five base64url parts)');
    throw undecryptable('密钥不匹配或内容被篡改', 'made with another key, or altered on the way');
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
  } catch {
    throw undecryptable('明文不是 JSON', 'the plaintext is not JSON');
  }
  if (!validatePlaintext(body)) {
    const details = ajvErrorDetails(validatePlaintext.errors);
    throw new ValidationError(
      `加密请求内容无效：${detailSummary(details, 'zh-CN')}`,
      details,
      `invalid encrypted request: ${detailSummary(details)}`,
    );
  }
  const { timestamp, nonce, ...input } = body;
  if (Math.abs(deps.clock.now() - timestampMs(timestamp)) > REPLAY_WINDOW_MS) {
    throw new AppError('REQUEST_EXPIRED', '请求时间戳超出 5 分钟有效期，请重新生成请求', {
      status: 400,
      messageEn: 'the request timestamp is more than 5 minutes away from the server time; encrypt a fresh request',
      details: [{ field: 'timestamp', message: '超出 5 分钟有效期', messageEn: 'outside the 5-minute window' }],
    });
  }
  await useNonceOnce(deps, platform, nonce);
  return input;
}
