import { SignJWT } from 'jose';
import crypto from 'node:crypto';
import { AppError, parseTimestamp, ValidationError, type Clock } from '../../host/sdk/index.js';
import { isPermanentExpireTime, PERMANENT_EXPIRE_TIME } from '../auth-log/validity.js';
import { normalizeDomain } from '../domain-name/normalize-domain.js';
import { LICENSE_ALG, LICENSE_ISSUER, LICENSE_TYP } from './license-format.js';
import type { SigningKey } from './signing-key.js';

/** What a license asserts: this user's domain holds this plugin until expireTime. */
export interface LicenseSubject {
  pluginKey: string;
  domain: string;
  user: string;
  /** The record's expireTime (RFC 3339); permanent ones are written as 2099-12-31T23:59:59Z. */
  expireTime: string;
}

/**
 * A new license: compact JWS (EdDSA) of the claims iss "authpay", sub user, aud pluginKey, domain
 * (normalized), iat now, exp from expireTime, jti random. Throws INVALID_DOMAIN, VALIDATION_FAILED for a
 * missing plugin key or user, and LICENSE_NOT_ISSUABLE when expireTime is missing, unreadable or not in the future.
 */
export async function issueLicense(subject: LicenseSubject, key: SigningKey, clock: Clock): Promise<string> {
  if (!subject.pluginKey) throw new ValidationError('pluginKey is required', [{ field: 'pluginKey', message: 'required' }]);
  if (!subject.user) throw new ValidationError('user is required', [{ field: 'user', message: 'required' }]);
  const domain = normalizeDomain(subject.domain);
  const iat = Math.floor(clock.now() / 1000);
  const exp = expirySeconds(subject.expireTime);
  if (exp <= iat) throw notIssuable('EXPIRED');
  return new SignJWT({ domain })
    .setProtectedHeader({ alg: LICENSE_ALG, kid: key.kid, typ: LICENSE_TYP })
    .setIssuer(LICENSE_ISSUER)
    .setSubject(subject.user)
    .setAudience(subject.pluginKey)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(crypto.randomBytes(16).toString('base64url'))
    .sign(key.privateKey);
}

function expirySeconds(expireTime: string): number {
  const ms = parseTimestamp(expireTime);
  if (ms === undefined) throw notIssuable('NO_EXPIRY');
  return Math.floor((isPermanentExpireTime(expireTime) ? Date.parse(PERMANENT_EXPIRE_TIME) : ms) / 1000);
}

const NOT_ISSUABLE = {
  EXPIRED: { zh: '授权已过期', en: 'the authorization has expired' },
  NO_EXPIRY: { zh: '授权记录没有有效的到期时间', en: 'the record has no valid expireTime' },
} as const;

function notIssuable(reason: keyof typeof NOT_ISSUABLE): AppError {
  const { zh, en } = NOT_ISSUABLE[reason];
  return new AppError('LICENSE_NOT_ISSUABLE', `无法生成许可证：${zh}`, { status: 409, messageEn: `cannot issue a license: ${en}` });
}
