import { isChannelError } from '../../../../src/payment/channels/core/errors.js';
import {
  PAYPAL_LIVE,
  PAYPAL_SANDBOX,
  intlWalletDefinition,
  validateIntlWalletOptions,
} from '../../../../src/payment/channels/intl-wallet/index.js';
import { CLIENT_ID, CLIENT_SECRET, WEBHOOK_ID, intlWalletOptions } from './test-keys.js';

function problemsOf(raw: unknown): { fields: string[]; text: string } {
  try {
    validateIntlWalletOptions(raw);
  } catch (err) {
    if (!isChannelError(err, 'CHANNEL_MISCONFIGURED')) throw err;
    return { fields: err.details.map((d) => d.field ?? ''), text: JSON.stringify({ message: err.message, details: err.details }) };
  }
  throw new Error('options were accepted');
}

describe('validateIntlWalletOptions', () => {
  test('defaults: live REST host, USD, offline verification, no extra certificate origin', () => {
    expect(validateIntlWalletOptions({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, webhookId: WEBHOOK_ID })).toEqual({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      webhookId: WEBHOOK_ID,
      currencies: ['USD'],
      baseUrl: PAYPAL_LIVE,
      verification: 'offline',
      certOrigins: [],
    });
    expect(intlWalletDefinition.secretFields).toEqual(['clientSecret']);
  });

  test('sandbox, or a base URL whose origin may also serve webhook certificates; several currencies', () => {
    expect(validateIntlWalletOptions(intlWalletOptions('sandbox')).baseUrl).toBe(PAYPAL_SANDBOX);
    const local = validateIntlWalletOptions(
      intlWalletOptions('http://127.0.0.1:4010/paypal/', { currency: 'usd, EUR JPY', verification: 'api' }),
    );
    expect(local).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010/paypal',
      certOrigins: ['http://127.0.0.1:4010'],
      currencies: ['USD', 'EUR', 'JPY'],
      verification: 'api',
    });
    expect(validateIntlWalletOptions(intlWalletOptions('live', { certOrigins: ['https://certs.test.example/x'] })).certOrigins).toEqual([
      'https://certs.test.example',
    ]);
  });

  test('names every bad field at once and never echoes the secret', () => {
    const secret = 'my secret with spaces';
    const { fields, text } = problemsOf({
      clientId: '',
      clientSecret: secret,
      webhookId: 'WH id!',
      currency: 'USD,KRW,HUF',
      gateway: 'https://user:pw@api-m.paypal.com',
      verification: 'both',
      certOrigins: ['ftp://certs.example'],
    });
    expect(fields).toEqual(['clientId', 'clientSecret', 'webhookId', 'currency', 'gateway', 'verification', 'certOrigins']);
    expect(text).not.toContain(secret);
    expect(text).toContain('PayPal does not take KRW, HUF');
  });

  test('nothing at all: the three credentials are required', () => {
    expect(problemsOf(undefined).fields).toEqual(['clientId', 'clientSecret', 'webhookId']);
  });
});
