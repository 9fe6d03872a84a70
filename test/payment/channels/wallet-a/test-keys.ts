import { generateKeyPairSync, type KeyObject } from 'node:crypto';

export interface RsaPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** PKCS#1 PEM ("BEGIN RSA PRIVATE KEY"), the form alipay-sdk expects by default. */
  privatePkcs1Pem: string;
  privatePkcs8Pem: string;
  publicSpkiPem: string;
  /** Bare base64 bodies, as the Alipay key tool and console show them. */
  privatePkcs8Base64: string;
  publicSpkiBase64: string;
}

export function rsaPair(bits = 2048): RsaPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return {
    privateKey,
    publicKey,
    privatePkcs1Pem: privateKey.export({ type: 'pkcs1', format: 'pem' }) as string,
    privatePkcs8Pem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    publicSpkiPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    privatePkcs8Base64: (privateKey.export({ type: 'pkcs8', format: 'der' }) as Buffer).toString('base64'),
    publicSpkiBase64: (publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64'),
  };
}

/** Test key pairs: the merchant application's and the gateway's ("Alipay"). */
export const APP = rsaPair();
export const ALIPAY = rsaPair();
export const APP_ID = '2021000122671080';
