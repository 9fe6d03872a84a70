import { settingsInvalid } from '../../host/sdk/index.js';
import { isChannelError, type ChannelRegistry, type PaymentType } from '../channels/index.js';
import { channelSettingsOf, serviceKeys, settingKeyOf } from './channel-options.js';
import type { PaymentSettingValues } from './payment-settings.js';

/** A problem with a service's settings: the flat setting key and a reason code (REQUIRED, FORMAT, KEY, …). */
export interface SettingProblem {
  field: string;
  reason: string;
}

/** Whether a registered payment service is switched on and whether its credentials are complete and valid. */
export interface ServiceReadiness {
  paymentType: PaymentType;
  enabled: boolean;
  ready: boolean;
  problems: SettingProblem[];
}

/**
 * Every service in the registry (so only services that exist), with its switch and the problems its
 * definition finds in the credentials, named by flat setting key. Reasons are codes, never values.
 */
export function servicesReadiness(registry: ChannelRegistry, values: PaymentSettingValues): ServiceReadiness[] {
  return registry.types().map((paymentType) => {
    const problems = settingProblems(registry, paymentType, values);
    return { paymentType, enabled: channelSettingsOf(paymentType, values).enabled, ready: problems.length === 0, problems };
  });
}

/** The problems validateOptions reports for a service, mapped back to the setting keys that hold them. */
export function settingProblems(registry: ChannelRegistry, paymentType: PaymentType, values: PaymentSettingValues): SettingProblem[] {
  const settings = channelSettingsOf(paymentType, values);
  try {
    registry.definition(paymentType).validateOptions(settings.options);
    return [];
  } catch (err) {
    if (!isChannelError(err, 'CHANNEL_MISCONFIGURED')) throw err;
    const problems = new Map<string, SettingProblem>();
    for (const detail of err.details) {
      const problem = { field: settingKeyOf(settings, paymentType, detail.field), reason: detail.reason ?? 'INVALID' };
      problems.set(`${problem.field}/${problem.reason}`, problem);
    }
    return [...problems.values()];
  }
}

/** What a reason code says, in both languages (the values themselves are never shown). */
const REASON_TEXT: Readonly<Record<string, { zh: string; en: string }>> = {
  REQUIRED: { zh: '启用该服务时必填', en: 'is required while the service is enabled' },
  FORMAT: { zh: '格式不正确', en: 'is malformed' },
  KEY: { zh: '不是可用的密钥', en: 'is not a usable key' },
  UNSUPPORTED: { zh: '不受支持', en: 'is not supported' },
};
const INVALID_TEXT = { zh: '无效', en: 'is invalid' };

/**
 * updatePaymentSettings: a service that the change touches (its switch or any of its credentials) and that
 * would then be enabled must have complete, valid credentials; otherwise VALIDATION_FAILED names the flat
 * keys (reason codes only: no value, and so no key material, is echoed). A disabled service may hold
 * partial credentials, and a service the change does not touch is not judged by it.
 */
export function assertEnabledServicesReady(registry: ChannelRegistry, partial: Record<string, unknown>, next: PaymentSettingValues): void {
  const problems: SettingProblem[] = [];
  for (const paymentType of registry.types()) {
    const settings = channelSettingsOf(paymentType, next);
    if (!settings.enabled || !serviceKeys(settings).some((key) => key in partial)) continue;
    problems.push(...settingProblems(registry, paymentType, next));
  }
  if (problems.length === 0) return;
  const text = (p: SettingProblem) => REASON_TEXT[p.reason] ?? INVALID_TEXT;
  throw settingsInvalid(
    problems.map((p) => ({ field: p.field, message: `${p.field} ${text(p).zh}`, messageEn: `${p.field} ${text(p).en}`, reason: p.reason })),
  );
}
