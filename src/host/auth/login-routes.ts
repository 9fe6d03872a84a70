import express, { type Request, type Response, type Router } from 'express';
import { AppError, isAppError, localizedMessage } from '../errors/app-error.js';
import { sendOk } from '../api/envelope/envelope.js';
import { publicUser } from '../users/types.js';
import type { AuthServices } from './auth-services.js';
import { clearSessionCookies, setSessionCookies } from './cookies.js';
import { checkOrigin, csrfTokenFor } from './csrf.js';
import { loginLanguage, renderLoginPage, safeRedirect } from './login-page.js';

const isForm = (req: Request) => Boolean(req.is('application/x-www-form-urlencoded'));

function field(body: unknown, name: string, max: number): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw new AppError('VALIDATION_FAILED', '请输入用户名和密码', {
      messageEn: 'username and password are required',
      details: [{ field: name, message: `请填写 ${name}`, messageEn: `${name} is required` }],
    });
  }
  return value;
}

const INVALID = () => new AppError('UNAUTHORIZED', '用户名或密码错误', { messageEn: 'wrong user name or password' });

async function logIn(s: AuthServices, req: Request, res: Response) {
  checkOrigin(req, s.baseUrl);
  const username = field(req.body, 'username', 253).trim().toLowerCase();
  const password = field(req.body, 'password', 1024);
  const settings = await s.settings.current();
  await s.guard.admit(settings.loginLimits, req.ip ?? 'unknown', username, true);
  const check = await s.users.checkCredentials(username, password);
  if (!check.ok) {
    if (check.reason !== 'disabled') await s.guard.failed(username);
    throw check.reason === 'disabled'
      ? new AppError('USER_DISABLED', '账号已被禁用', { status: 401, messageEn: 'the account is disabled' })
      : INVALID();
  }
  await s.guard.succeeded(username);
  const ttl = settings.sessionTtlSeconds;
  const session = await s.sessions.issue(username, ttl, { clientIp: req.ip, userAgent: req.get('user-agent') });
  const csrfToken = csrfTokenFor(s.key, session.sessionId);
  setSessionCookies(req, res, session.jwt, csrfToken, ttl * 1000);
  await s.users.recordLogin(username).catch(() => undefined);
  return { user: publicUser(check.user), csrfToken, expiresAt: new Date(session.expiresAt).toISOString() };
}

/** GET/POST /login and POST /logout (server-rendered page; JSON or form bodies). */
/** The paths loginRoutes answers. */
export const LOGIN_PATHS = ['/login', '/logout'] as const;

export function loginRoutes(s: AuthServices): Router {
  const router = express.Router();
  router.get('/login', (req, res) => {
    res
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(
        renderLoginPage({
          redirect: String(req.query.redirect ?? '/'),
          language: loginLanguage(req.query.lang, req.headers['accept-language']),
        }),
      );
  });
  router.post('/login', async (req, res, next) => {
    try {
      const result = await logIn(s, req, res);
      if (isForm(req)) return res.redirect(303, safeRedirect((req.body as Record<string, unknown>).redirect));
      sendOk(res, result);
    } catch (err) {
      if (!isForm(req) || !isAppError(err)) return next(err);
      const body = (req.body ?? {}) as Record<string, unknown>;
      res.status(err.status).set(err.headers).type('html');
      const language = loginLanguage(body.lang, req.headers['accept-language']);
      res.send(
        renderLoginPage({
          language,
          error: localizedMessage(err, language),
          username: typeof body.username === 'string' ? body.username : '',
          redirect: String(body.redirect ?? '/'),
        }),
      );
    }
  });
  router.post('/logout', async (req, res, next) => {
    try {
      if (req.principal?.via === 'session' && req.principal.sessionId) await s.sessions.revoke(req.principal.sessionId);
      clearSessionCookies(req, res);
      if (isForm(req)) return res.redirect(303, '/login');
      sendOk(res, null);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
