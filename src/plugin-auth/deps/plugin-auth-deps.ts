import type { Clock, ExtensionClient, Logger, Notifier } from '../../host/sdk/index.js';
import type { PluginAuthSettings } from '../settings/plugin-auth-settings.js';

/**
 * What every service function of plugin authorization works with. Built once in service.ts from the
 * PluginContext; tests and benchmarks build it from a running host the same way.
 */
export interface PluginAuthDeps {
  client: ExtensionClient;
  clock: Clock;
  logger: Logger;
  settings: PluginAuthSettings;
  notifier: Notifier;
  /** Public base URL, for the jump address in notifications. */
  baseUrl: string;
}
