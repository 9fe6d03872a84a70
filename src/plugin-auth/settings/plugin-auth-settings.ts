import { FlatSettings, type FlatFieldMap, type PluginSettings } from '../../host/sdk/index.js';

/** Setting (form) and ConfigMap (values) of the service, shipped in extensions/plugin-auth-settings.yaml. */
export const SETTING_NAME = 'plugin-auth-settings';
/** The zone the cleanupCron setting is read in (spec "Cleanup job"); the form checks the cron in it. */
export const CLEANUP_TIME_ZONE = 'Asia/Shanghai';

/** The service's settings, flat, by the keys updatePluginAuthSettings takes. */
export interface PluginAuthSettingValues {
  adminEmail?: string;
  freeCodeUrl: string;
  channels: string[];
  globalAuthCountLimit: number;
  selfServiceDays: number;
  authCodeCreateLimit: number;
  exemptDevelopmentHosts: boolean;
  apiAccessSecret?: string;
  dockingAccessSecret?: string;
  corsWhiteList: string[];
  publicRateLimitPerMinute: number;
  dockingRateLimitPerMinute: number;
  cleanupEnabled: boolean;
  cleanupCron: string;
}

/** Flat key → "group.field" in the Setting's forms. */
export const FIELDS: FlatFieldMap = {
  adminEmail: 'basic.adminEmail',
  freeCodeUrl: 'basic.freeCodeUrl',
  channels: 'basic.channels',
  globalAuthCountLimit: 'limits.globalAuthCountLimit',
  selfServiceDays: 'limits.selfServiceDays',
  authCodeCreateLimit: 'limits.authCodeCreateLimit',
  exemptDevelopmentHosts: 'limits.exemptDevelopmentHosts',
  apiAccessSecret: 'security.apiAccessSecret',
  dockingAccessSecret: 'security.dockingAccessSecret',
  corsWhiteList: 'security.corsWhiteList',
  publicRateLimitPerMinute: 'security.publicRateLimitPerMinute',
  dockingRateLimitPerMinute: 'security.dockingRateLimitPerMinute',
  cleanupEnabled: 'cleanup.cleanupEnabled',
  cleanupCron: 'cleanup.cleanupCron',
};

/** Defaults the service falls back to when a value is missing (they equal the form's defaults). */
const FALLBACK: PluginAuthSettingValues = {
  freeCodeUrl: '',
  channels: [],
  globalAuthCountLimit: -1,
  selfServiceDays: 30,
  authCodeCreateLimit: 50,
  exemptDevelopmentHosts: true,
  corsWhiteList: [],
  publicRateLimitPerMinute: 600,
  dockingRateLimitPerMinute: 60,
  cleanupEnabled: true,
  cleanupCron: '0 0 * * * *',
};

/** The one typed accessor the service reads its settings through (values come from the host's cache). */
export interface PluginAuthSettings {
  read(): Promise<PluginAuthSettingValues>;
  /** The host's flat view, for the get/update operations. */
  readonly flat: FlatSettings<PluginAuthSettingValues & Record<string, unknown>>;
  onChange(listener: () => void): () => void;
}

export function pluginAuthSettings(settings: PluginSettings): PluginAuthSettings {
  const flat = new FlatSettings<PluginAuthSettingValues & Record<string, unknown>>(settings, SETTING_NAME, FIELDS);
  return {
    flat,
    async read() {
      return (await flat.readWithFallback(
        FALLBACK as Partial<PluginAuthSettingValues & Record<string, unknown>>,
      )) as PluginAuthSettingValues;
    },
    onChange: (listener) => settings.onChange((change) => change.settingName === SETTING_NAME && listener()),
  };
}
