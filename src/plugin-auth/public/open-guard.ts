import type { NextFunction, Request, RequestHandler } from 'express';
import { corsFor } from '../../host/sdk/index.js';
import { AUTH_API_BASE } from '../api/groups.js';
import { RESPONSE_SIGNATURE_HEADER } from '../license/license-format.js';
import type { PluginAuthSettingValues } from '../settings/plugin-auth-settings.js';
import type { OpenApiDeps } from './deps.js';
import { apiSecretInvalid, dockingDisabled, dockingSecretInvalid, queryTooLong, rateLimited } from './open-errors.js';
import { OpenRateLimits, type OpenFamily, type RateLimitSource } from './rate-limits.js';
import { authorizationCarries, secretMatches } from './secret-compare.js';

/** Longest request URL: a license (at most 8192 characters) plus the other parameters. */
export const MAX_URL_LENGTH = 10_240;

/**
 * What every /public/** and /docking/** request passes before its operation, in order: URL length, CORS
 * per corsWhiteList (preflights answered here), the per-IP rate limit of its family, then its secret —
 * apiAccessSecret in the Authorization header for /public/**, dockingAccessSecret in the query (never a
 * header) for /docking/**. Mounted at the API group's base path; other paths pass through untouched.
 */
export async function openEndpointsGuard(deps: OpenApiDeps, rateLimits?: RateLimitSource): Promise<RequestHandler> {
  const limits = new OpenRateLimits(deps.snapshot, rateLimits);
  limits.resize(await deps.snapshot.get());
  const cors = corsFor(async () => (await deps.snapshot.get()).corsWhiteList, {
    logger: deps.logger,
    name: 'plugin-auth corsWhiteList (public and docking API)',
    methods: ['GET', 'POST'],
    exposedHeaders: [RESPONSE_SIGNATURE_HEADER, 'Retry-After', 'X-Request-Id'],
  });
  return (req, res, next) => {
    const family = familyOf(req.baseUrl + req.path);
    if (!family) return next();
    if (req.originalUrl.length > MAX_URL_LENGTH) return next(queryTooLong(MAX_URL_LENGTH));
    if (!req.headers.origin) return admit(deps, limits, family, req, next);
    cors(req, res, (err?: unknown) => (err ? next(err) : admit(deps, limits, family, req, next)));
  };
}

/** The family of a full request path under the group's base path. */
function familyOf(fullPath: string): OpenFamily | undefined {
  if (!fullPath.startsWith(AUTH_API_BASE)) return undefined;
  const rest = fullPath.slice(AUTH_API_BASE.length);
  return rest.startsWith('/public/') ? 'public' : rest.startsWith('/docking/') ? 'docking' : undefined;
}

function admit(deps: OpenApiDeps, limits: OpenRateLimits, family: OpenFamily, req: Request, next: NextFunction): void {
  const wait = limits.hit(family, req.ip ?? 'unknown');
  if (wait instanceof Promise) wait.then((seconds) => afterLimit(deps, seconds, family, req, next), next);
  else afterLimit(deps, wait, family, req, next);
}

function afterLimit(deps: OpenApiDeps, wait: number, family: OpenFamily, req: Request, next: NextFunction): void {
  if (wait > 0) return next(rateLimited(wait));
  const settings = deps.snapshot.current();
  if (settings instanceof Promise) settings.then((s) => next(secretProblem(family, req, s)), next);
  else next(secretProblem(family, req, settings));
}

function secretProblem(family: OpenFamily, req: Request, settings: PluginAuthSettingValues): Error | undefined {
  if (family === 'public') {
    const secret = settings.apiAccessSecret;
    return !secret || authorizationCarries(req.headers.authorization, secret) ? undefined : apiSecretInvalid();
  }
  const secret = settings.dockingAccessSecret;
  if (!secret) return dockingDisabled();
  return secretMatches(req.query.dockingAccessSecret, secret) ? undefined : dockingSecretInvalid();
}
