import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtensionClient } from '../client/extension-client.js';
import { DEFAULT_AUTH_SETTINGS, type AuthSettingsSource } from '../auth/auth-settings.js';
import { applySettingResources } from './extension-loader.js';
import type { SettingsReader } from './types.js';

export const HOST_SETTING_NAME = 'host-settings';
/** Package root: three levels above this file (src/host/settings), as the runtime resolves its CRDs. */
const HOST_SETTINGS_DIR = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), 'src', 'host', 'settings');

/** The host components that read host settings, described by the hooks they offer (no imports of them). */
export interface HostSettingsTargets {
  auth?: { useSettings(source: AuthSettingsSource): void };
  notifications?: { useSmtpSettings(provider: { get(): Promise<Record<string, unknown>>; onChange(listener: () => void): void }): void };
  cors?: (source: () => Promise<string[]>) => void;
}

/**
 * Applies the host's own Setting (src/host/settings/host-settings.yaml) and points the host components at
 * it, so sign-up, Basic authentication, SMTP and CORS follow the console without a restart.
 */
export async function useHostSettings(settings: SettingsReader, client: ExtensionClient, targets: HostSettingsTargets): Promise<void> {
  await applySettingResources(client, HOST_SETTINGS_DIR, { pluginName: 'host' });
  // Fields the form does not carry (log-in limits) keep the auth layer's defaults.
  targets.auth?.useSettings({ current: async () => ({ ...DEFAULT_AUTH_SETTINGS, ...(await settings.get<Record<string, unknown>>(HOST_SETTING_NAME, 'auth')) }) });
  targets.notifications?.useSmtpSettings({
    get: () => settings.get<Record<string, unknown>>(HOST_SETTING_NAME, 'smtp'),
    onChange: (listener) => {
      settings.onChange((change) => {
        if (change.settingName === HOST_SETTING_NAME && change.groups.includes('smtp')) listener();
      });
    },
  });
  targets.cors?.(async () => {
    const { whitelist } = await settings.get<{ whitelist?: unknown[] }>(HOST_SETTING_NAME, 'cors');
    return (whitelist ?? []).filter((o): o is string => typeof o === 'string' && o.length > 0);
  });
}
