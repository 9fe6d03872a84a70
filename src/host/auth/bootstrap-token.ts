import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Principal } from './principal.js';

/** Constant-time string comparison that does not leak the length through an early exit. */
export function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb) && a.length === b.length;
}

export const BOOTSTRAP_PRINCIPAL: Principal = Object.freeze({ username: 'bootstrap', anonymous: false, roles: ['super-role'], via: 'bootstrap' }) as Principal;

/** Admits `Authorization: Bearer $AUTHPAY_BOOTSTRAP_TOKEN` as an administrator for automation. */
export function bootstrapTokenAuth(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    const header = req.headers.authorization;
    if (token && header?.startsWith('Bearer ') && safeEqual(header.slice(7).trim(), token)) req.principal = BOOTSTRAP_PRINCIPAL;
    next();
  };
}
