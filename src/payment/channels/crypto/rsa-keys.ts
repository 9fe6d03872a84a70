import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * Key loading shared by the RSA-signing adapters (Alipay RSA2, WeChat Pay APIv3): both sign SHA256withRSA
 * with keys of at least 2048 bits, and merchants paste keys in the same handful of forms.
 */
export const MIN_RSA_BITS = 2048;

type DerAttempt = { type: 'pkcs8' | 'pkcs1' | 'spki' };

/**
 * Loads a merchant private key as merchants paste it: PKCS#1 (`BEGIN RSA PRIVATE KEY`) or PKCS#8
 * (`BEGIN PRIVATE KEY`) PEM, possibly squashed onto one line, or the bare base64 body that the Alipay key
 * tool prints (WeChat Pay's `apiclient_key.pem` is PKCS#8 PEM). Throws a plain Error without key material.
 */
export function loadRsaPrivateKey(text: string): KeyObject {
  const pem = normalizePem(text);
  if (pem) return checkRsa(createPrivateKey(pem));
  return checkRsa(
    fromDer(text, [{ type: 'pkcs8' }, { type: 'pkcs1' }], (der, type) =>
      createPrivateKey({ key: der, format: 'der', type: type as 'pkcs8' | 'pkcs1' }),
    ),
  );
}

/** Loads a provider public key: SPKI or PKCS#1 PEM, or bare base64 (as the Alipay and WeChat Pay consoles show it). */
export function loadRsaPublicKey(text: string): KeyObject {
  const pem = normalizePem(text);
  if (pem) return checkRsa(createPublicKey(pem));
  return checkRsa(
    fromDer(text, [{ type: 'spki' }, { type: 'pkcs1' }], (der, type) =>
      createPublicKey({ key: der, format: 'der', type: type as 'spki' | 'pkcs1' }),
    ),
  );
}

/** Re-wraps a PEM whose line breaks were lost in a form field; undefined when the text is not PEM. */
export function normalizePem(text: string): string | undefined {
  const match = /-----BEGIN ([A-Z ]+)-----([\s\S]*?)-----END \1-----/.exec(text.trim());
  if (!match) return undefined;
  const body = match[2].replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${match[1]}-----\n${lines.join('\n')}\n-----END ${match[1]}-----\n`;
}

function fromDer(text: string, attempts: DerAttempt[], load: (der: Buffer, type: string) => KeyObject): KeyObject {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new Error('not a PEM key and not base64');
  const der = Buffer.from(compact, 'base64');
  for (const attempt of attempts) {
    try {
      return load(der, attempt.type);
    } catch {
      // try the next encoding
    }
  }
  throw new Error(`base64 key is none of ${attempts.map((a) => a.type).join(', ')}`);
}

/** Refuses keys that are not RSA or shorter than MIN_RSA_BITS. */
export function checkRsa(key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`expected an RSA key, got ${key.asymmetricKeyType ?? 'unknown'}`);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) throw new Error(`RSA key of ${bits} bits is too short (SHA256withRSA needs ${MIN_RSA_BITS})`);
  return key;
}
