import { PAYMENT_TYPES, type ChannelRegistry } from '../channels/index.js';
import { channelSettingsOf, serviceKeys } from './channel-options.js';
import type { PaymentSettingValues, SettingForms } from './payment-settings.js';

/**
 * The payment Setting's forms as the console shows them: only what the registered services can use. The
 * switch and credential fields of a service without an adapter are left out (a group left empty goes
 * too), and a choice list offers only the `TYPE:CHANNEL` pairs of registered services. The stored Setting
 * is unchanged, so a service's fields come back the moment its adapter is registered.
 */
export function offeredForms(forms: SettingForms, registry: ChannelRegistry): SettingForms {
  const registered = new Set<string>(registry.types());
  const channelKeys = new Set(registry.channelKeys());
  const unused = new Set(
    PAYMENT_TYPES.filter((type) => !registered.has(type)).flatMap((type) =>
      serviceKeys(channelSettingsOf(type, {} as PaymentSettingValues)),
    ),
  );
  return forms
    .map((form) => ({
      ...form,
      formSchema: form.formSchema.filter((field) => !unused.has(field.name)).map((field) => withOfferedChannels(field, channelKeys)),
    }))
    .filter((form) => form.formSchema.length > 0);
}

type Field = SettingForms[number]['formSchema'][number];

/** A field whose options are channel pairs keeps those of registered services; other fields are unchanged. */
function withOfferedChannels(field: Field, channelKeys: ReadonlySet<string>): Field {
  if (!Array.isArray(field.options)) return field;
  const valueOf = (option: unknown) => (option && typeof option === 'object' ? (option as { value?: unknown }).value : option);
  const isPair = (value: unknown) => typeof value === 'string' && /^[A-Z0-9_]+:[A-Z0-9_]+$/.test(value);
  const values = field.options.map(valueOf);
  if (!values.length || !values.every(isPair)) return field;
  return { ...field, options: field.options.filter((option) => channelKeys.has(valueOf(option) as string)) };
}
