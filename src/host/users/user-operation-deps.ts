import type { ExtensionClient } from '../client/extension-client.js';
import type { Authorizer } from '../rbac/authorizer.js';
import type { UserService } from './user-service.js';
import type { RateLimitFactory } from '../ratelimit/rate-limiter.js';

/**
 * What the user operations need from the rest of access control. Declared here, below auth, so the users
 * family never imports the authentication layer: auth's AuthServices satisfies it as it is.
 */
export interface UserOperationDeps {
  client: ExtensionClient;
  users: UserService;
  authorizer: Authorizer;
  /** Ends a user's sessions (all of them, or all but `keep`). */
  sessions: { revokeAllOf(username: string, keep?: string): Promise<number> };
  /** The auth settings, read per request (sign-up and the brute-force limits of password checks). */
  settings: { current(): UserOperationSettings | Promise<UserOperationSettings> };
  /** The brute-force guard of password checks: a wrong current password counts as a failed log-in. */
  guard: PasswordGuard;
  /** Makes the sign-up limit per client address (shared by the replicas on PostgreSQL). */
  rateLimits: RateLimitFactory;
  /**
   * The IANA zone the site's days and times are shown in (getCurrentUser tells the apps): the zone a plugin
   * declared through PluginContext.useSiteTimeZone (the payment service's reporting time zone), else UTC.
   */
  siteTimeZone: () => Promise<string>;
}

export interface UserOperationSettings {
  signUpEnabled: boolean;
  loginLimits: { perIpPerMinute: number; failuresPerUser: number };
}

/** The part of auth's LoginGuard the users family uses (declared here so users never imports auth). */
export interface PasswordGuard {
  admit(limits: UserOperationSettings['loginLimits'], ip: string, username: string, countAttempt: boolean): Promise<void>;
  failed(username: string, ip?: string): Promise<void>;
  succeeded(username: string): Promise<void>;
}
