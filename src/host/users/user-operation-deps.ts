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
  /** The auth settings, read per request (only sign-up is consulted here). */
  settings: { current(): { signUpEnabled: boolean } | Promise<{ signUpEnabled: boolean }> };
  /** Makes the sign-up limit per client address (shared by the replicas on PostgreSQL). */
  rateLimits: RateLimitFactory;
}
