import type { NextFunction, Request, RequestHandler } from 'express';
import { corsFor } from '../../host/sdk/index.js';
import { AUTH_API_BASE } from '../api/groups.js';
import { RESPONSE_SIGNATURE_HEADER } from '../license/license-format.js';
import type { PluginAuthSettingValues } from '../settings/plugin-auth-settings.js';
import type { OpenApiDeps } from './deps.js';
import {
  apiSecretInvalid,
  apiSecretNotConfigured,
  dockingDisabled,
  dockingSecretInvalid,
  queryTooLong,
  rateLimited,
} from './open-errors.js';
import { OpenRateLimits, type OpenFamily, type RateLimitSource } from './rate-limits.js';
import { ConfiguredSecret } from './secret-compare.js';

/** Longest request URL: a license (at most 8192 characters) plus the other parameters. */
export const MAX_URL_LENGTH = 10_240;

/**
 * The public endpoints that answer without an apiAccessSecret configured (safe by default, DESIGN): they
 * neither write nor reveal a user's data. Every other /public/** path is refused until the secret is set.
 * An allow-list, not a deny-list: the router also accepts other spellings of a path (any letter case, a
 * trailing slash), so anything that is not exactly one of these (lower-cased, one trailing slash dropped)
 * is refused.
 */
const OPEN_WITHOUT_SECRET = new Set(['/public/checkauth', '/public/plugininfo', '/public/jwks', '/public/generateauthcode']);

/**
 * What every /public/** and /docking/** request passes before its operation, in order: URL length, CORS
 * per corsWhiteList (preflights answered here), the per-IP rate limit of its family, then its secret —
 * apiAccessSecret in the Authorization header for /public/**, dockingAccessSecret in the query (never a
 * header) for /docking/**. Mounted at the API group's base path; other paths pass through untouched.
 */
export async function openEndpointsGuard(deps: OpenApiDeps, rateLimits?: RateLimitSource): Promise<RequestHandler> {
  const limits = new OpenRateLimits(deps.snapshot, rateLimits);
  const secrets: Secrets = { api: new ConfiguredSecret(), docking: new ConfiguredSecret() };
  limits.resize(await deps.snapshot.get());
  const cors = corsFor(async () => (await deps.snapshot.get()).corsWhiteList, {
    logger: deps.logger,
    name: 'plugin-auth corsWhiteList (public and docking API)',
    methods: ['GET', 'POST'],
    exposedHeaders: [RESPONSE_SIGNATURE_HEADER, 'Retry-After', 'X-Request-Id'],
  });
  return (req, res, next) => {
    const target = openTarget(req.baseUrl + req.path);
    if (!target) return next();
    if (req.originalUrl.length > MAX_URL_LENGTH) return next(queryTooLong(MAX_URL_LENGTH));
    if (!req.headers.origin) return admit(deps, limits, secrets, target, req, next);
    cors(req, res, (err?: unknown) => (err ? next(err) : admit(deps, limits, secrets, target, req, next)));
  };
}

/** Which open family a request is for, and its path under the group's base path (lower case). */
interface OpenTarget {
  family: OpenFamily;
  path: string;
}

/**
 * The family of a full request path under the group's base path. Compared in lower case because the
 * group's router matches paths case-insensitively: `/PUBLIC/auth` reaches publicAuth and must be guarded.
 */
function openTarget(fullPath: string): OpenTarget | undefined {
  if (!fullPath.startsWith(AUTH_API_BASE)) return undefined;
  const path = fullPath.slice(AUTH_API_BASE.length).toLowerCase();
  const family = path.startsWith('/public/') ? 'public' : path.startsWith('/docking/') ? 'docking' : undefined;
  return family && { family, path };
}

/** The two configured secrets, each keeping its digest between requests (secret-compare.ts). */
interface Secrets {
  api: ConfiguredSecret;
  docking: ConfiguredSecret;
}

function admit(deps: OpenApiDeps, limits: OpenRateLimits, secrets: Secrets, target: OpenTarget, req: Request, next: NextFunction): void {
  const wait = limits.hit(target.family, req.ip ?? 'unknown');
  if (wait instanceof Promise) wait.then((seconds) => afterLimit(deps, secrets, seconds, target, req, next), next);
  else afterLimit(deps, secrets, wait, target, req, next);
}

function afterLimit(deps: OpenApiDeps, secrets: Secrets, wait: number, target: OpenTarget, req: Request, next: NextFunction): void {
  if (wait > 0) return next(rateLimited(wait));
  const settings = deps.snapshot.current();
  if (settings instanceof Promise) settings.then((s) => next(secretProblem(secrets, target, req, s)), next);
  else next(secretProblem(secrets, target, req, settings));
}

function secretProblem(secrets: Secrets, { family, path }: OpenTarget, req: Request, settings: PluginAuthSettingValues): Error | undefined {
  if (family === 'public') {
    const secret = settings.apiAccessSecret;
    if (!secret) return isOpenWithoutSecret(path) ? undefined : apiSecretNotConfigured();
    return secrets.api.carriedBy(req.headers.authorization, secret) ? undefined : apiSecretInvalid();
  }
  const secret = settings.dockingAccessSecret;
  if (!secret) return dockingDisabled();
  return secrets.docking.matches(req.query.dockingAccessSecret, secret) ? undefined : dockingSecretInvalid();
}

function isOpenWithoutSecret(path: string): boolean {
  return OPEN_WITHOUT_SECRET.has(path.endsWith('/') ? path.slice(0, -1) : path);
}
