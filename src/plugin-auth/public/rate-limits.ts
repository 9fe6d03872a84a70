import { RateLimiter } from '../../host/sdk/index.js';
import type { PluginAuthSettingValues } from '../settings/plugin-auth-settings.js';
import type { SettingsSnapshot } from './settings-snapshot.js';

export type OpenFamily = 'public' | 'docking';

const SETTING: Record<OpenFamily, 'publicRateLimitPerMinute' | 'dockingRateLimitPerMinute'> = {
  public: 'publicRateLimitPerMinute',
  docking: 'dockingRateLimitPerMinute',
};

/**
 * One per-IP limiter per endpoint family, sized by the settings (requests per minute, 0 = off). A changed
 * limit replaces its limiter at once (counts start afresh); an unchanged one keeps counting.
 */
export class OpenRateLimits {
  private readonly limiters = new Map<OpenFamily, { limit: number; limiter?: RateLimiter }>();

  constructor(snapshot: SettingsSnapshot) {
    snapshot.onChange((values) => this.resize(values));
  }

  resize(values: PluginAuthSettingValues): void {
    for (const family of Object.keys(SETTING) as OpenFamily[]) {
      const limit = Math.max(0, Math.floor(values[SETTING[family]] ?? 0));
      if (this.limiters.get(family)?.limit === limit) continue;
      this.limiters.set(family, { limit, limiter: limit > 0 ? new RateLimiter({ limit, windowMs: 60_000 }) : undefined });
    }
  }

  /** Counts a request; returns seconds to wait when refused, 0 when allowed. */
  hit(family: OpenFamily, ip: string): number {
    const limiter = this.limiters.get(family)?.limiter;
    if (!limiter) return 0;
    const decision = limiter.hit(ip);
    return decision.allowed ? 0 : decision.retryAfterSeconds;
  }
}
