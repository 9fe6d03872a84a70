import { RateLimiter, type RateLimit, type RateLimitOptions } from '../../host/sdk/index.js';
import type { PluginAuthSettingValues } from '../settings/plugin-auth-settings.js';
import type { SettingsSnapshot } from './settings-snapshot.js';

export type OpenFamily = 'public' | 'docking';

/** Makes a named limit: the plugin context's (shared by the replicas on PostgreSQL), or one in memory. */
export type RateLimitSource = (name: string, options: RateLimitOptions) => RateLimit;

const inMemory: RateLimitSource = (_name, options) => new RateLimiter(options);

const SETTING: Record<OpenFamily, 'publicRateLimitPerMinute' | 'dockingRateLimitPerMinute'> = {
  public: 'publicRateLimitPerMinute',
  docking: 'dockingRateLimitPerMinute',
};

/**
 * One per-IP limiter per endpoint family, sized by the settings (requests per minute, 0 = off). A changed
 * limit replaces its limiter at once (in memory counts start afresh; on PostgreSQL the shared counts stay
 * and are judged against the new limit); an unchanged one keeps counting.
 */
export class OpenRateLimits {
  private readonly limiters = new Map<OpenFamily, { limit: number; limiter?: RateLimit }>();

  constructor(
    snapshot: SettingsSnapshot,
    private readonly source: RateLimitSource = inMemory,
  ) {
    snapshot.onChange((values) => this.resize(values));
  }

  resize(values: PluginAuthSettingValues): void {
    for (const family of Object.keys(SETTING) as OpenFamily[]) {
      const limit = Math.max(0, Math.floor(values[SETTING[family]] ?? 0));
      if (this.limiters.get(family)?.limit === limit) continue;
      this.limiters.set(family, { limit, limiter: limit > 0 ? this.source(family, { limit, windowMs: 60_000 }) : undefined });
    }
  }

  /**
   * Counts a request; seconds to wait when refused, 0 when allowed. Synchronous when the limiter counts in
   * memory (the hot checkAuth path then never waits for a promise).
   */
  hit(family: OpenFamily, ip: string): number | Promise<number> {
    const limiter = this.limiters.get(family)?.limiter;
    if (!limiter) return 0;
    const decision = limiter.hit(ip);
    if (decision instanceof Promise) return decision.then((d) => (d.allowed ? 0 : d.retryAfterSeconds));
    return decision.allowed ? 0 : decision.retryAfterSeconds;
  }
}
