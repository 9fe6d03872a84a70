import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtensionClient } from './client/extension-client.js';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings, type AuthSettingsSource } from './auth/auth-settings.js';
import { smtpSettingsFrom } from './notifications/settings-adapters.js';
import type { SmtpSettingsProvider } from './notifications/smtp-settings.js';
import { applySettingResources } from './settings/extension-loader.js';
import type { Resource } from './resource/types.js';
import type { SettingsReader } from './settings/types.js';

export const HOST_SETTING_NAME = 'host-settings';
/** Package root: two levels above this file (src/host or dist/host), as the runtime resolves its CRDs. */
const HOST_SETTINGS_DIR = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'), 'src', 'host', 'settings');

interface AuthGroup {
  signUpEnabled: boolean;
  basicAuthEnabled: boolean;
  sessionTtlSeconds: number;
  loginPerIpPerMinute: number;
  loginFailuresPerUser: number;
}

/** The auth group in the shape the authentication layer reads (log-in limits nested). */
function authSettingsOf(group: AuthGroup): AuthSettings {
  return {
    ...DEFAULT_AUTH_SETTINGS,
    signUpEnabled: group.signUpEnabled,
    basicAuthEnabled: group.basicAuthEnabled,
    sessionTtlSeconds: group.sessionTtlSeconds,
    loginLimits: { perIpPerMinute: group.loginPerIpPerMinute, failuresPerUser: group.loginFailuresPerUser },
  };
}

/** The host components that read host settings, described by the hooks they offer. */
export interface HostSettingsTargets {
  auth?: { useSettings(source: AuthSettingsSource): void };
  notifications?: { useSmtpSettings(provider: SmtpSettingsProvider): void };
  cors?: (source: () => Promise<string[]>) => void;
  /** Days finished outbox messages are kept (the outbox retention job). */
  outboxRetention?: (days: () => Promise<number>) => void;
}

/**
 * Applies the host's own Setting (src/host/settings/host-settings.yaml) and points the host components at
 * it, so sign-up, Basic authentication, SMTP, CORS and the outbox retention follow the console without a
 * restart.
 */
export async function useHostSettings(
  settings: SettingsReader & { remember(obj: Resource): void },
  client: ExtensionClient,
  targets: HostSettingsTargets,
): Promise<void> {
  await applySettingResources(client, HOST_SETTINGS_DIR, { pluginName: 'host', cache: settings });
  targets.auth?.useSettings({ current: async () => authSettingsOf(await settings.get<AuthGroup>(HOST_SETTING_NAME, 'auth')) });
  targets.notifications?.useSmtpSettings(smtpSettingsFrom(settings, HOST_SETTING_NAME, 'smtp'));
  targets.cors?.(async () => {
    const { whitelist } = await settings.get<{ whitelist?: unknown[] }>(HOST_SETTING_NAME, 'cors');
    return (whitelist ?? []).filter((o): o is string => typeof o === 'string' && o.length > 0);
  });
  targets.outboxRetention?.(async () =>
    Number((await settings.get<{ retentionDays?: number }>(HOST_SETTING_NAME, 'outbox')).retentionDays ?? DEFAULT_OUTBOX_RETENTION_DAYS),
  );
}

/** As host-settings.yaml's default, for a ConfigMap saved before the group existed. */
const DEFAULT_OUTBOX_RETENTION_DAYS = 30;
