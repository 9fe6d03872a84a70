import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './login-guard.js';

/**
 * The settings the authentication layer reads on every use. Until the host's typed settings accessor is
 * wired in (runtime.auth.useSettings), the defaults below apply: sign-up on, Basic authentication on,
 * sessions of 7 days, 10 log-in attempts per IP per minute and 5 failures per user name per 15 minutes.
 */
export interface AuthSettings {
  /** Anyone may create an account through signUp. */
  signUpEnabled: boolean;
  /** `Authorization: Basic` (username:password) is accepted for API clients. */
  basicAuthEnabled: boolean;
  /** Lifetime of a log-in session, in seconds. */
  sessionTtlSeconds: number;
  /** Brute-force limits of password checks (log-in form and Basic authentication). */
  loginLimits: LoginLimits;
}

/** Where the current settings come from; read per request so a change applies without a restart. */
export interface AuthSettingsSource {
  current(): AuthSettings | Promise<AuthSettings>;
}

export const DEFAULT_AUTH_SETTINGS: Readonly<AuthSettings> = Object.freeze({
  signUpEnabled: true,
  basicAuthEnabled: true,
  sessionTtlSeconds: 7 * 24 * 3600,
  loginLimits: DEFAULT_LOGIN_LIMITS,
});

/** A fixed source; tests and the period before the settings engineer's accessor use it. */
export class StaticAuthSettings implements AuthSettingsSource {
  private value: AuthSettings;

  constructor(initial: Partial<AuthSettings> = {}) {
    this.value = { ...DEFAULT_AUTH_SETTINGS, ...initial };
  }

  current(): AuthSettings {
    return this.value;
  }

  set(patch: Partial<AuthSettings>): void {
    this.value = { ...this.value, ...patch };
  }
}
