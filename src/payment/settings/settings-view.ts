import { AppError } from '../../host/sdk/index.js';
import type { ChannelProvider } from './channel-provider.js';
import { publicKeyOf } from './interface-keys.js';
import { offeredForms } from './offered-forms.js';
import type { PaymentSettings } from './payment-settings.js';
import { assertEnabledServicesReady, servicesReadiness } from './service-readiness.js';

/** What the settings operations need (a part of the service's PaymentDeps). */
export interface SettingsViewDeps {
  settings: PaymentSettings;
  channels: ChannelProvider;
}

/**
 * The flat settings object of getPaymentSettings: secrets masked ("******" when set, "" when not),
 * sandboxEnabled as effective (an unset switch follows the production flag), which channels are usable
 * right now, for every registered service whether it is enabled and ready (its problems as setting keys
 * and reason codes), and the Setting's forms without the fields of unregistered services, so a console
 * renders the form from the schema and shows only services that exist and which of them work. The forms
 * come with the values because a payment administrator may not read the host's Setting resources.
 */
export async function readSettingsView(deps: SettingsViewDeps): Promise<Record<string, unknown>> {
  const { values, configured } = await deps.settings.flat.readMasked();
  const effective = await deps.settings.read();
  return {
    ...values,
    sandboxEnabled: effective.sandboxEnabled,
    secretsConfigured: configured,
    availableChannels: await deps.channels.available(),
    services: servicesReadiness(deps.channels.registry, effective),
    forms: offeredForms(await deps.settings.forms(), deps.channels.registry),
  };
}

/**
 * updatePaymentSettings: a partial flat object keyed by setting names. A pasted interface private key
 * without a public key gets its public key derived; a service the change leaves enabled with incomplete or
 * malformed credentials is refused (VALIDATION_FAILED naming the setting keys); unknown keys and invalid
 * values are refused by the host's form validation. A refused change writes nothing.
 */
export async function writeSettings(deps: SettingsViewDeps, partial: Record<string, unknown>): Promise<Record<string, unknown>> {
  const patch = { ...partial };
  const pem = patch.interfacePrivateKey;
  if (typeof pem === 'string' && pem && pem !== '******' && patch.interfacePublicKey === undefined) {
    try {
      patch.interfacePublicKey = publicKeyOf(pem);
    } catch {
      throw new AppError('VALIDATION_FAILED', '接口私钥不是有效的 RSA 私钥', {
        status: 400,
        messageEn: 'The interface private key is not a usable RSA private key.',
        details: [
          {
            field: 'interfacePrivateKey',
            message: '接口私钥不是 PEM 格式的 RSA 私钥',
            messageEn: 'The interface private key is not an RSA private key in PEM format.',
          },
        ],
      });
    }
  }
  assertEnabledServicesReady(deps.channels.registry, patch, await deps.settings.preview(patch));
  await deps.settings.write(patch);
  return readSettingsView(deps);
}
