import forge from 'node-forge';
import { randomSerial } from '../wallet-b/test-keys.js';
import { rsaPair, type RsaPair } from '../wallet-a/test-keys.js';

/** A webhook signing certificate as PayPal serves it at PAYPAL-CERT-URL, with its private key. */
export interface WebhookSigner {
  pair: RsaPair;
  certificatePem: string;
}

export const CLIENT_ID = 'AcTestClientId_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV';
export const CLIENT_SECRET = 'EKTestSecret_9876543210zyxwvutsrqponmlkjihgfedcbaZYXWVUTSRQPONMLKJIHGFEDC';
export const WEBHOOK_ID = '8PT597110X687430LKGECATA';

/** A self-signed certificate standing in for PayPal's messageverificationcerts certificate (node-forge). */
export function webhookSigner(options: { notBefore?: Date; notAfter?: Date } = {}): WebhookSigner {
  const pair = rsaPair();
  const forgeKey = forge.pki.privateKeyFromPem(pair.privatePkcs1Pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  cert.serialNumber = randomSerial();
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - 60_000);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: 'messageverificationcerts.paypal.com' },
    { name: 'organizationName', value: 'PayPal, Inc. (test)' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forgeKey, forge.md.sha256.create());
  return { pair, certificatePem: forge.pki.certificateToPem(cert) };
}

/** PayPal's signer in these tests, and one nobody should trust. */
export const PAYPAL_SIGNER = webhookSigner();
export const FORGER = webhookSigner();

/** Raw INTL_WALLET options for a local gateway. */
export function intlWalletOptions(gateway: string, extra: Record<string, unknown> = {}) {
  return { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, webhookId: WEBHOOK_ID, currency: 'USD', gateway, ...extra };
}
