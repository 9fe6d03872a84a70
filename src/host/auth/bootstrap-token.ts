import type { RequestHandler } from 'express';
import type { Principal } from '../request/principal.js';
import { safeEqual } from '../security/safe-equal.js';

export const BOOTSTRAP_PRINCIPAL: Principal = Object.freeze({
  username: 'bootstrap',
  anonymous: false,
  roles: ['super-role'],
  via: 'bootstrap',
}) as Principal;

/** Admits `Authorization: Bearer $AUTHPAY_BOOTSTRAP_TOKEN` as an administrator for automation. */
export function bootstrapTokenAuth(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    const header = req.headers.authorization;
    if (token && header?.startsWith('Bearer ') && safeEqual(header.slice(7).trim(), token)) req.principal = BOOTSTRAP_PRINCIPAL;
    next();
  };
}
