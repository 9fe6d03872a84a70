import type { ExtensionClient } from '../client/extension-client.js';
import type { Authorizer } from '../rbac/authorizer.js';
import type { UserService } from '../users/user-service.js';
import type { AuthSettingsSource } from './auth-settings.js';
import type { LoginGuard } from './login-guard.js';
import type { RateLimitFactory } from '../ratelimit/rate-limiter.js';
import type { SessionService } from './session-service.js';
import type { PatService } from './tokens/pat-service.js';

/** The parts the authentication middleware, the log-in routes and the user operations share. */
export interface AuthServices {
  client: ExtensionClient;
  users: UserService;
  sessions: SessionService;
  pats: PatService;
  authorizer: Authorizer;
  settings: AuthSettingsSource;
  guard: LoginGuard;
  /** Makes the sign-up limit (and any other), shared by the replicas on PostgreSQL. */
  rateLimits: RateLimitFactory;
  /** Session signing key; also binds CSRF tokens to sessions. */
  key: Uint8Array;
  /** Public base URL: its origin is accepted as same-site besides the request's own host. */
  baseUrl: string;
  /** The site's time zone (see UserOperationDeps.siteTimeZone). */
  siteTimeZone: () => Promise<string>;
}
