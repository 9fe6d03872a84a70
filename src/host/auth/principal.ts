/** Who is calling. Set on every request by the authentication middleware before authorization runs. */
export interface Principal {
  /** User name; `anonymousUser` for callers without credentials. */
  username: string;
  anonymous: boolean;
  /** Names of the roles bound to the caller (before dependency expansion). */
  roles: string[];
  /** How the caller authenticated. */
  via: 'anonymous' | 'session' | 'token' | 'basic' | 'bootstrap';
}

export const ANONYMOUS_USER = 'anonymousUser';

export const ANONYMOUS: Principal = Object.freeze({ username: ANONYMOUS_USER, anonymous: true, roles: ['anonymous'], via: 'anonymous' }) as Principal;

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
    requestId?: string;
    /** The unparsed body, kept for routes that verify signatures over it. */
    rawBody?: Buffer;
  }
}
