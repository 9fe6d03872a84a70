import type { Request, Response, RequestHandler } from 'express';
import type { AuthFailure, Principal } from '../request/principal.js';
import { ANONYMOUS } from '../request/principal.js';
import { SESSION_COOKIE, CSRF_COOKIE, readCookies, setCsrfCookie } from './cookies.js';
import { checkCsrf, csrfTokenFor, isStateChanging } from './csrf.js';
import type { AuthServices } from './auth-services.js';
import { PAT_PREFIX } from './tokens/pat-service.js';

const FAILURES: Record<AuthFailure['code'], Omit<AuthFailure, 'code'>> = {
  INVALID_CREDENTIALS: { message: '用户名、密码或令牌不正确', messageEn: 'invalid credentials' },
  TOKEN_EXPIRED: { message: '访问令牌已过期', messageEn: 'the access token has expired' },
  TOKEN_REVOKED: { message: '访问令牌已被撤销', messageEn: 'the access token has been revoked' },
  SESSION_INVALID: { message: '登录已失效，请重新登录', messageEn: 'the session is invalid or has expired; log in again' },
  USER_DISABLED: { message: '账号已被禁用', messageEn: 'the account is disabled' },
};

const failure = (code: AuthFailure['code']): AuthFailure => ({ code, ...FAILURES[code] });

/** Builds the principal of an existing, enabled user, or a failure. */
async function principalOf(
  s: AuthServices,
  username: string,
  via: Principal['via'],
  extra: Partial<Principal> = {},
): Promise<Principal | AuthFailure> {
  const user = await s.users.fetch(username);
  if (!user) return failure('INVALID_CREDENTIALS');
  if (user.spec.disabled) return failure('USER_DISABLED');
  return { username, anonymous: false, roles: s.authorizer.boundRoles(username), via, ...extra };
}

async function fromBearer(s: AuthServices, token: string): Promise<Principal | AuthFailure | undefined> {
  if (!token.startsWith(PAT_PREFIX)) return undefined; // not ours: public endpoints may carry their own secrets
  const check = await s.pats.authenticate(token);
  if (!check.ok)
    return failure(check.reason === 'expired' ? 'TOKEN_EXPIRED' : check.reason === 'revoked' ? 'TOKEN_REVOKED' : 'INVALID_CREDENTIALS');
  const scope = check.apiGroups ? { apiGroups: Object.freeze([...check.apiGroups]) } : {};
  return principalOf(s, check.username, 'token', { tokenName: check.tokenName, ...scope });
}

async function fromBasic(s: AuthServices, req: Request, encoded: string): Promise<Principal | AuthFailure | undefined> {
  const settings = await s.settings.current();
  if (!settings.basicAuthEnabled) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return failure('INVALID_CREDENTIALS');
  const [username, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  const ip = req.ip ?? 'unknown';
  await s.guard.admit(settings.loginLimits, ip, username, false);
  const check = await s.users.checkCredentials(username, password);
  if (!check.ok) {
    if (check.reason !== 'disabled') await s.guard.failed(username, ip);
    return failure(check.reason === 'disabled' ? 'USER_DISABLED' : 'INVALID_CREDENTIALS');
  }
  await s.guard.succeeded(username);
  return principalOf(s, username, 'basic');
}

/** Session cookie: verified JWT, live session record, enabled user; state-changing requests pass CSRF. */
async function fromSession(s: AuthServices, req: Request, res: Response, jwt: string): Promise<Principal | AuthFailure> {
  const session = await s.sessions.verify(jwt);
  if (!session) return failure('SESSION_INVALID');
  const principal = await principalOf(s, session.username, 'session', { sessionId: session.sessionId });
  if (!('username' in principal)) return principal;
  // POST /login does not act with the session (it replaces it) and runs its own Origin check.
  if (isStateChanging(req.method) && req.path !== '/login') checkCsrf(req, s.key, session.sessionId, s.baseUrl);
  else {
    const token = csrfTokenFor(s.key, session.sessionId);
    if (readCookies(req)[CSRF_COOKIE] !== token) setCsrfCookie(req, res, token); // re-issue a lost or stale token
  }
  return principal;
}

/** The scheme (lower case) and credential of an Authorization header; scheme '' when it has none. */
function parseAuthorization(header: string): { scheme: string; credential: string } {
  const space = header.indexOf(' ');
  return { scheme: space > 0 ? header.slice(0, space).toLowerCase() : '', credential: header.slice(space + 1).trim() };
}

/**
 * Whether the host verifies this Authorization header: a personal access token or Basic credentials. Any
 * other value (a public API's own secret, bare or after `Bearer `) is left to the routes that expect it.
 */
function carriesHostCredential(header: string | undefined): boolean {
  if (header === undefined) return false;
  const { scheme, credential } = parseAuthorization(header);
  return scheme === 'basic' || (scheme === 'bearer' && credential.startsWith(PAT_PREFIX));
}

async function resolve(s: AuthServices, req: Request, res: Response): Promise<Principal | AuthFailure | undefined> {
  const { scheme, credential } = parseAuthorization(req.headers.authorization ?? '');
  // An Authorization header we recognise replaces the cookie (and with it the CSRF check).
  const fromHeader =
    scheme === 'bearer' ? await fromBearer(s, credential) : scheme === 'basic' ? await fromBasic(s, req, credential) : undefined;
  if (fromHeader) return fromHeader;
  const jwt = readCookies(req)[SESSION_COOKIE];
  return jwt ? fromSession(s, req, res, jwt) : undefined;
}

/**
 * Authentication: sets req.principal from a personal access token, Basic credentials or the session
 * cookie (in that order; the bootstrap token middleware may have set it already). Refused credentials
 * leave the caller anonymous with req.authFailure saying why, so public routes still work and protected
 * ones answer 401 with the reason.
 */
export function authenticationMiddleware(s: AuthServices): RequestHandler {
  const authenticate = async (req: Request, res: Response, next: (err?: unknown) => void) => {
    try {
      const result = await resolve(s, req, res);
      if (result && 'username' in result) req.principal = result;
      else if (result) req.authFailure = result;
      req.principal ??= ANONYMOUS;
      next();
    } catch (err) {
      next(err);
    }
  };
  return (req, res, next) => {
    // Already known (bootstrap token), or no credentials of ours (plugins calling the public API, with or
    // without its access secret in the header): nothing to look up, and no promise to wait for on the
    // hottest path.
    if (req.principal || (req.headers.cookie === undefined && !carriesHostCredential(req.headers.authorization))) {
      req.principal ??= ANONYMOUS;
      return next();
    }
    void authenticate(req, res, next);
  };
}
