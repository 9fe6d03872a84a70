import {
  ChannelRegistry,
  createChannelRegistry,
  PAYMENT_CHANNELS,
  type PaymentChannelDefinition,
} from '../../../src/payment/channels/index.js';

describe('ChannelRegistry', () => {
  const registry = createChannelRegistry();

  test('resolves canonical types case-insensitively and vendor aliases to the neutral names', () => {
    expect(registry.resolveType('WALLET_A')).toBe('WALLET_A');
    expect(registry.resolveType('alipay')).toBe('WALLET_A');
    expect(registry.resolveType(' Alipay ')).toBe('WALLET_A');
    expect(registry.resolveType('sandbox')).toBe('SANDBOX');
    expect(registry.resolveType('wechat')).toBe('WALLET_B');
    expect(registry.resolveType('paypal')).toBe('INTL_WALLET');
    expect(registry.resolveType('stripe')).toBe('CARD');
    expect(registry.types()).toEqual([
      'WALLET_A',
      'WALLET_B',
      'AGGREGATOR_1',
      'AGGREGATOR_2',
      'AGGREGATOR_3',
      'INTL_WALLET',
      'CARD',
      'CUSTOM',
      'SANDBOX',
    ]);
  });

  test('unknown names are UNKNOWN_PAYMENT_TYPE (400)', () => {
    for (const name of ['BITCOIN', '', 42, undefined]) {
      expect(() => registry.resolveType(name)).toThrow(expect.objectContaining({ code: 'UNKNOWN_PAYMENT_TYPE', status: 400 }));
    }
    expect(registry.has('alipay')).toBe(true);
    expect(registry.has('PAYPAL')).toBe(true);
    expect(registry.has('BITCOIN')).toBe(false);
  });

  test('maps every alias once its service is registered', () => {
    const fake = (id: 'WALLET_B' | 'INTL_WALLET' | 'CARD'): PaymentChannelDefinition => ({
      id,
      channels: PAYMENT_CHANNELS[id],
      secretFields: [],
      validateOptions: (raw) => raw,
      create: () => {
        throw new Error('not needed');
      },
    });
    const full = new ChannelRegistry().register(fake('WALLET_B')).register(fake('INTL_WALLET')).register(fake('CARD'));
    expect(['WECHAT', 'PAYPAL', 'STRIPE'].map((n) => full.resolveType(n))).toEqual(['WALLET_B', 'INTL_WALLET', 'CARD']);
    expect(() => full.register(fake('CARD'))).toThrow(/twice/);
  });

  test('resolve checks the channel against the service and upper-cases it', () => {
    expect(registry.resolve('ALIPAY', 'pc_website')).toEqual({ paymentType: 'WALLET_A', paymentChannel: 'PC_WEBSITE' });
    expect(registry.resolve('SANDBOX', 'SIMULATED')).toEqual({ paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' });
    expect(() => registry.resolve('WALLET_A', 'NATIVE')).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_PAYMENT_CHANNEL', status: 400 }),
    );
    expect(() => registry.resolve('WALLET_A', undefined)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_PAYMENT_CHANNEL' }));
  });

  test('lists every TYPE:CHANNEL pair for the whitelist setting', () => {
    expect(registry.channelKeys()).toEqual([
      'WALLET_A:FACE_TO_FACE_PAYMENT',
      'WALLET_A:PC_WEBSITE',
      'WALLET_A:MOBILE_WEBSITE',
      'WALLET_A:ORDER_CODE',
      'WALLET_B:NATIVE',
      'WALLET_B:H5',
      'WALLET_B:JSAPI',
      'AGGREGATOR_1:WALLET_A',
      'AGGREGATOR_1:WALLET_B',
      'AGGREGATOR_2:WALLET_A',
      'AGGREGATOR_2:WALLET_B',
      'AGGREGATOR_3:WALLET_A',
      'AGGREGATOR_3:WALLET_B',
      'INTL_WALLET:CHECKOUT',
      'CARD:CHECKOUT',
      'CUSTOM:WALLET_A_COMPATIBLE',
      'CUSTOM:WALLET_B_COMPATIBLE',
      'SANDBOX:SIMULATED',
    ]);
  });

  test('create validates the raw options first', () => {
    expect(() => registry.create('SANDBOX', { enabled: true, secret: 'short' })).toThrow(
      expect.objectContaining({ code: 'CHANNEL_MISCONFIGURED' }),
    );
    const sandbox = registry.create('sandbox', { enabled: true, secret: 'x'.repeat(32) });
    expect(sandbox.id).toBe('SANDBOX');
    expect(registry.definition('ALIPAY').secretFields).toEqual(['privateKey']);
  });
});
