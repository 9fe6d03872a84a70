/** Who is calling. Set on every request by the authentication middleware before authorization runs. */
export interface Principal {
  /** User name; `anonymousUser` for callers without credentials. */
  username: string;
  anonymous: boolean;
  /** Names of the roles bound to the caller (before dependency expansion). */
  roles: string[];
  /** How the caller authenticated. */
  via: 'anonymous' | 'session' | 'token' | 'basic' | 'bootstrap';
  /** Session id when via is 'session' (log-out revokes it). */
  sessionId?: string;
  /** PersonalAccessToken name when via is 'token'. */
  tokenName?: string;
  /**
   * Set when the credential is restricted to some API groups (a personal access token made with
   * `apiGroups`): only resource requests of those groups are authorized, on top of the user's roles.
   */
  apiGroups?: readonly string[];
}

/** Why presented credentials were not accepted; the caller continues as anonymous and a refusal says why. */
export interface AuthFailure {
  code: 'INVALID_CREDENTIALS' | 'TOKEN_EXPIRED' | 'TOKEN_REVOKED' | 'SESSION_INVALID' | 'USER_DISABLED';
  message: string;
  messageEn: string;
}

export const ANONYMOUS_USER = 'anonymousUser';

export const ANONYMOUS: Principal = Object.freeze({
  username: ANONYMOUS_USER,
  anonymous: true,
  roles: ['anonymous'],
  via: 'anonymous' as const,
});

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
    requestId?: string;
    /** The unparsed body, kept for routes that verify signatures over it. */
    rawBody?: Buffer;
    /** Set when credentials were presented but refused (the principal is then anonymous). */
    authFailure?: AuthFailure;
  }
}
