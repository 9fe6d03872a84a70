import type { Logger } from '../../host/sdk/index.js';
import type { PluginAuthSettings, PluginAuthSettingValues } from '../settings/plugin-auth-settings.js';

/**
 * The service's settings as the open endpoints read them: one in-memory copy, dropped whenever the
 * settings change (the host's informer calls onChange on every replica), so a request never re-reads or
 * re-merges them and a change applies without a restart.
 */
export class SettingsSnapshot {
  private values?: PluginAuthSettingValues;
  private pending?: Promise<PluginAuthSettingValues>;
  private generation = 0;
  private readonly listeners: Array<(values: PluginAuthSettingValues) => void> = [];
  private readonly unsubscribe: () => void;

  constructor(
    private readonly settings: PluginAuthSettings,
    private readonly logger: Logger,
  ) {
    this.unsubscribe = settings.onChange(() => this.invalidate());
  }

  /** The current values; synchronous once loaded (the hot path's case). */
  current(): PluginAuthSettingValues | Promise<PluginAuthSettingValues> {
    return this.values ?? this.load();
  }

  async get(): Promise<PluginAuthSettingValues> {
    return this.values ?? this.load();
  }

  /** Called with the new values after every change (rate limiters resize themselves here). */
  onChange(listener: (values: PluginAuthSettingValues) => void): void {
    this.listeners.push(listener);
  }

  stop(): void {
    this.unsubscribe();
  }

  private invalidate(): void {
    this.generation++;
    this.values = undefined;
    this.pending = undefined;
    this.load().then(
      (values) => this.listeners.forEach((l) => l(values)),
      (err: unknown) => this.logger.warn({ err }, 'plugin-auth settings could not be re-read'),
    );
  }

  private load(): Promise<PluginAuthSettingValues> {
    if (this.pending) return this.pending;
    const generation = this.generation;
    const pending = this.settings.read().then((values) => {
      // A change that arrived while reading makes this copy stale; keep it only if none did.
      if (generation === this.generation) this.values = values;
      return values;
    });
    this.pending = pending;
    pending.catch(() => {
      if (this.pending === pending) this.pending = undefined;
    });
    return pending;
  }
}
