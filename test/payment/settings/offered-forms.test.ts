/**
 * getPaymentSettings carries the Setting's forms, so the console renders the payment settings from the schema
 * (a payment administrator may not read the host's Setting resources), and the forms offer only what the
 * registered services can use: a service without an adapter has no fields and no channels there.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { ChannelRegistry, PAYMENT_TYPES, sandboxDefinition } from '../../../src/payment/channels/index.js';
import { channelSettingsOf, serviceKeys } from '../../../src/payment/settings/channel-options.js';
import { offeredForms } from '../../../src/payment/settings/offered-forms.js';
import type { PaymentSettingValues, SettingForms } from '../../../src/payment/settings/payment-settings.js';
import { CONSOLE, api, startPaymentServer, type PaymentServer } from '../support/payment-server.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');

/** The shipped payment Setting's forms. */
function shippedForms(): SettingForms {
  const docs = yaml.loadAll(fs.readFileSync(path.join(ROOT, 'extensions', 'payment-settings.yaml'), 'utf8')) as Array<{
    kind: string;
    spec?: { forms: SettingForms };
  }>;
  return docs.find((d) => d.kind === 'Setting')!.spec!.forms;
}

const optionValue = (o: unknown) => (o && typeof o === 'object' ? (o as { value: string }).value : (o as string));
const keysOf = (type: (typeof PAYMENT_TYPES)[number]) => serviceKeys(channelSettingsOf(type, {} as PaymentSettingValues));
const fieldNames = (forms: SettingForms) => forms.flatMap((f) => f.formSchema.map((field) => field.name));

describe('offeredForms', () => {
  test('with only the sandbox registered, no other service has a field or a channel; general settings and keys stay', () => {
    const forms = offeredForms(shippedForms(), new ChannelRegistry().register(sandboxDefinition));
    const names = fieldNames(forms);
    for (const type of PAYMENT_TYPES.filter((t) => t !== 'SANDBOX')) for (const key of keysOf(type)) expect(names).not.toContain(key);
    expect(forms.map((f) => f.group)).toEqual(expect.arrayContaining(['general', 'keys', 'sandbox']));
    expect(forms.map((f) => f.group)).not.toContain('walletA');
    expect(names).toEqual(expect.arrayContaining(['callbackDomain', 'sandboxEnabled', 'sandboxSecret', 'interfacePublicKey']));
    const whitelist = forms.find((f) => f.group === 'general')!.formSchema.find((f) => f.name === 'supportedChannels')!;
    expect((whitelist.options as unknown[]).map(optionValue)).toEqual(['SANDBOX:SIMULATED']);
  });

  test('the stored forms are not changed', () => {
    const forms = shippedForms();
    const before = JSON.stringify(forms);
    offeredForms(forms, new ChannelRegistry().register(sandboxDefinition));
    expect(JSON.stringify(forms)).toBe(before);
  });
});

describe('getPaymentSettings', () => {
  let server: PaymentServer;
  beforeAll(async () => {
    server = await startPaymentServer();
  }, 60_000);
  afterAll(() => server?.stop());

  test('answers the forms of the registered services: their fields and channels, nothing of the others', async () => {
    const res = await api<{ forms: SettingForms; services: Array<{ paymentType: string }> }>(server, 'GET', `${CONSOLE}/settings`);
    expect(res.status).toBe(200);
    const { forms, services } = res.body.data;
    const registry = server.payment.deps.channels.registry;
    const names = fieldNames(forms);
    for (const type of PAYMENT_TYPES) {
      const registered = registry.types().includes(type);
      for (const key of keysOf(type)) expect([type, key, names.includes(key)]).toEqual([type, key, registered]);
    }
    const whitelist = forms.find((f) => f.group === 'general')!.formSchema.find((f) => f.name === 'supportedChannels')!;
    expect((whitelist.options as unknown[]).map(optionValue).sort()).toEqual(registry.channelKeys().sort());
    expect(services.map((s) => s.paymentType)).toEqual(registry.types());
  });
});
