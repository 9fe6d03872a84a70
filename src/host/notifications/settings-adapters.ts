import type { SettingsReader } from '../settings/types.js';
import type { SmtpSettings, SmtpSettingsProvider } from './smtp-settings.js';

/**
 * Reads the SMTP settings from a settings group (default `smtp`: host, port, secure, user, password,
 * from) through the settings accessor, and wakes the worker when that group changes. A setting or group
 * that does not exist (yet) reads as "not configured".
 */
export function smtpSettingsFrom(settings: SettingsReader, settingName: string, group = 'smtp'): SmtpSettingsProvider {
  return {
    async get() {
      try {
        return await settings.get<Partial<SmtpSettings>>(settingName, group);
      } catch (err) {
        if ((err as { code?: string }).code === 'NOT_FOUND') return undefined;
        throw err;
      }
    },
    onChange(listener) {
      settings.onChange((change) => {
        if (change.settingName === settingName && change.groups.includes(group)) listener();
      });
    },
  };
}
