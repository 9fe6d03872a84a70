import { randomBytes, type KeyObject } from 'node:crypto';
import { rsaSha256Sign, rsaSha256Verify } from '../crypto/rsa-sha256.js';

/** The only signature scheme of APIv3 (`Wechatpay-Signature-Type`, the Authorization scheme). */
export const SIGNATURE_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** The seconds a signed answer or notification may be away from our clock (WeChat Pay's own SDKs use 5 minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Every line of a WeChat Pay signing message ends with `\n`, the last included. */
export function signingMessage(...lines: Array<string | number>): string {
  return lines.map((line) => `${line}\n`).join('');
}

/** 32 characters of [0-9A-Za-z] (nonce_str, Wechatpay-Nonce, the JSAPI nonceStr). */
export function newNonce(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return Array.from(randomBytes(32), (byte) => alphabet[byte % alphabet.length]).join('');
}

export interface RequestSigner {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
}

/**
 * The Authorization header of a request: SHA256withRSA with the merchant key over
 * `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` (GET has an empty body line), base64.
 */
export function authorizationHeader(
  signer: RequestSigner,
  request: { method: string; pathAndQuery: string; body: string },
  timestampSeconds: number,
  nonce: string,
): string {
  const message = signingMessage(request.method, request.pathAndQuery, timestampSeconds, nonce, request.body);
  const signature = rsaSha256Sign(message, signer.privateKey);
  const fields = { mchid: signer.mchId, nonce_str: nonce, signature, timestamp: String(timestampSeconds), serial_no: signer.serialNo };
  return `${SIGNATURE_SCHEME} ${Object.entries(fields)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',')}`;
}

/** The signed headers of an answer or a notification. */
export interface WechatpaySignedHeaders {
  timestamp?: string;
  nonce?: string;
  signature?: string;
  serial?: string;
}

export type SignatureCheck = 'VALID' | 'UNSIGNED' | 'UNKNOWN_SERIAL' | 'BAD_SIGNATURE' | 'STALE';

/**
 * Checks `TIMESTAMP\nNONCE\nBODY\n` against the platform key that `Wechatpay-Serial` names, over the body
 * exactly as received, then the timestamp's distance from now. WeChat Pay sometimes sends deliberately
 * broken probe signatures (`WECHATPAY/SIGNTEST/…`): they simply do not verify.
 */
export function checkWechatpaySignature(
  headers: WechatpaySignedHeaders,
  body: string,
  platformKeys: ReadonlyMap<string, KeyObject>,
  nowSeconds: number,
): SignatureCheck {
  const { timestamp, nonce, signature, serial } = headers;
  if (!timestamp || !nonce || !signature || !serial) return 'UNSIGNED';
  const key = platformKeys.get(serial);
  if (!key) return 'UNKNOWN_SERIAL';
  if (!rsaSha256Verify(signingMessage(timestamp, nonce, body), signature, key)) return 'BAD_SIGNATURE';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return 'STALE';
  return 'VALID';
}

/** The parameters a JSAPI page passes to `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`. */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** paySign = SHA256withRSA(merchant key) over `appId\ntimeStamp\nnonceStr\nprepay_id=…\n`. */
export function jsapiPayParams(
  appId: string,
  prepayId: string,
  privateKey: KeyObject,
  timestampSeconds: number,
  nonce: string,
): JsapiPayParams {
  const pkg = `prepay_id=${prepayId}`;
  const timeStamp = String(timestampSeconds);
  const paySign = rsaSha256Sign(signingMessage(appId, timeStamp, nonce, pkg), privateKey);
  return { appId, timeStamp, nonceStr: nonce, package: pkg, signType: 'RSA', paySign };
}
