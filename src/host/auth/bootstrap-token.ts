import type { RequestHandler } from 'express';
import type { Principal } from '../request/principal.js';
import { SecretDigest } from '../security/safe-equal.js';

export const BOOTSTRAP_PRINCIPAL: Principal = Object.freeze({
  username: 'bootstrap',
  anonymous: false,
  roles: ['super-role'],
  via: 'bootstrap',
}) as Principal;

/** Admits `Authorization: Bearer $AUTHPAY_BOOTSTRAP_TOKEN` as an administrator for automation. */
export function bootstrapTokenAuth(token: string | undefined): RequestHandler {
  // Hashed once: each request with a Bearer header then hashes only what it presents (constant-time compare).
  const digest = token ? new SecretDigest(token) : undefined;
  return (req, _res, next) => {
    const header = req.headers.authorization;
    if (digest && header?.startsWith('Bearer ') && digest.matches(header.slice(7).trim())) req.principal = BOOTSTRAP_PRINCIPAL;
    next();
  };
}
