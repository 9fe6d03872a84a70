/**
 * The settings → adapter options mapping of the epay services (channelSettingsOf): the form's own defaults
 * (read from extensions/payment-settings.yaml) give valid options once the credentials are filled in, the
 * flags and type names reach the adapter, and an empty select or type field means the adapter's default.
 */
import fs from 'node:fs';
import * as yaml from 'js-yaml';
import { aggregator1Definition } from '../../../src/payment/channels/aggregator-1/index.js';
import { aggregator3Definition } from '../../../src/payment/channels/aggregator-3/index.js';
import { channelSettingsOf } from '../../../src/payment/settings/channel-options.js';
import type { PaymentSettingValues } from '../../../src/payment/settings/payment-settings.js';
import { MERCHANT, PID, PLATFORM, V1_KEY } from '../channels/epay/test-keys.js';

interface FormField {
  name: string;
  value?: unknown;
}

/** The defaults of the aggregators group, as the form ships them. */
function formDefaults(): Record<string, unknown> {
  const [setting] = yaml.loadAll(fs.readFileSync('extensions/payment-settings.yaml', 'utf8')) as Array<{
    spec: { forms: Array<{ group: string; formSchema: FormField[] }> };
  }>;
  const group = setting.spec.forms.find((f) => f.group === 'aggregators')!;
  return Object.fromEntries(group.formSchema.filter((f) => f.value !== undefined).map((f) => [f.name, f.value]));
}

const values = (extra: Record<string, unknown>) => ({ ...formDefaults(), ...extra }) as unknown as PaymentSettingValues;

describe('epay settings → adapter options', () => {
  test('AGGREGATOR_1 with the form defaults and credentials: enabled, server initiation, raw values, alipay / wxpay', () => {
    const mapped = channelSettingsOf(
      'AGGREGATOR_1',
      values({ aggregator1Enabled: true, aggregator1Url: 'https://pay.example.com', aggregator1MerchantId: PID, aggregator1Key: V1_KEY }),
    );
    expect(mapped.enabled).toBe(true);
    expect(aggregator1Definition.validateOptions(mapped.options)).toEqual({
      gatewayUrl: 'https://pay.example.com/',
      pid: PID,
      key: V1_KEY,
      initiation: 'server',
      signEncoding: 'raw',
      notifyMethod: 'ANY',
      typeCodes: { WALLET_A: 'alipay', WALLET_B: 'wxpay' },
    });
  });

  test('AGGREGATOR_1 flags and type names reach the adapter; emptied fields fall back to the defaults', () => {
    const flagged = channelSettingsOf(
      'AGGREGATOR_1',
      values({
        aggregator1Url: 'https://pay.example.com/',
        aggregator1MerchantId: PID,
        aggregator1Key: V1_KEY,
        aggregator1Initiation: 'redirect',
        aggregator1SignEncoding: 'urlencoded',
        aggregator1NotifyMethod: 'GET',
        aggregator1WxpayType: 'wechat',
        aggregator1AlipayType: '',
      }),
    );
    expect(flagged.enabled).toBe(false);
    expect(aggregator1Definition.validateOptions(flagged.options)).toMatchObject({
      initiation: 'redirect',
      signEncoding: 'urlencoded',
      notifyMethod: 'GET',
      typeCodes: { WALLET_A: 'alipay', WALLET_B: 'wechat' },
    });
    const emptied = channelSettingsOf(
      'AGGREGATOR_1',
      values({ aggregator1Url: 'https://p.example/', aggregator1MerchantId: PID, aggregator1Key: V1_KEY, aggregator1Initiation: '' }),
    );
    expect(aggregator1Definition.validateOptions(emptied.options).initiation).toBe('server');
  });

  test('AGGREGATOR_3: aggregator3Key is the merchant private key, aggregator3PlatformPublicKey the platform key', () => {
    const mapped = channelSettingsOf(
      'AGGREGATOR_3',
      values({
        aggregator3Enabled: true,
        aggregator3Url: 'https://pay.example.com/',
        aggregator3MerchantId: PID,
        aggregator3Key: MERCHANT.privatePkcs8Pem,
        aggregator3PlatformPublicKey: PLATFORM.publicSpkiBase64,
        aggregator3NotifyMethod: 'POST',
      }),
    );
    const options = aggregator3Definition.validateOptions(mapped.options);
    expect(options.merchantPrivateKey.type).toBe('private');
    expect(options.platformPublicKey.export({ type: 'spki', format: 'pem' })).toBe(PLATFORM.publicSpkiPem);
    expect(options).toMatchObject({ initiation: 'server', notifyMethod: 'POST', typeCodes: { WALLET_A: 'alipay', WALLET_B: 'wxpay' } });
  });

  test('the form defaults alone (no credentials) name the missing fields', () => {
    expect(() => aggregator3Definition.validateOptions(channelSettingsOf('AGGREGATOR_3', values({})).options)).toThrow(
      expect.objectContaining({
        code: 'CHANNEL_MISCONFIGURED',
        details: expect.arrayContaining([
          expect.objectContaining({ field: 'gateway' }),
          expect.objectContaining({ field: 'pid' }),
          expect.objectContaining({ field: 'merchantPrivateKey' }),
          expect.objectContaining({ field: 'platformPublicKey' }),
        ]),
      }),
    );
  });
});
