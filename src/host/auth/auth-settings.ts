/**
 * The settings the authentication layer reads on every use. Until the host's typed settings accessor is
 * wired in (runtime.auth.useSettings), the defaults below apply: sign-up on, Basic authentication on.
 */
export interface AuthSettings {
  /** Anyone may create an account through signUp. */
  signUpEnabled: boolean;
  /** `Authorization: Basic` (username:password) is accepted for API clients. */
  basicAuthEnabled: boolean;
  /** Lifetime of a log-in session, in seconds. */
  sessionTtlSeconds: number;
}

/** Where the current settings come from; read per request so a change applies without a restart. */
export interface AuthSettingsSource {
  current(): AuthSettings | Promise<AuthSettings>;
}

export const DEFAULT_AUTH_SETTINGS: Readonly<AuthSettings> = Object.freeze({
  signUpEnabled: true,
  basicAuthEnabled: true,
  sessionTtlSeconds: 7 * 24 * 3600,
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
