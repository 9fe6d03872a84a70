import { routeCustomCallback, matchesByFingerprint, type CustomRoute } from '../../../../src/payment/channels/core/custom-router.js';
import type { CallbackRequest } from '../../../../src/payment/channels/core/types.js';

function request(headers: Record<string, string>, rawBody = '{}'): CallbackRequest {
  return { method: 'POST', headers, query: {}, rawBody };
}

/** Stand-ins for the later CARD / INTL_WALLET / WALLET_B adapters: no matchesCallback, so the fingerprint table decides. */
const card: CustomRoute = { sub: 'CARD', channel: {} };
const intl: CustomRoute = { sub: 'INTL_WALLET', channel: {} };
const walletB: CustomRoute = { sub: 'WALLET_B_COMPATIBLE', channel: {} };
/** An Alipay-compatible sub-provider decides by the body, as the WALLET_A adapter's matchesCallback does. */
const walletA: CustomRoute = { sub: 'WALLET_A_COMPATIBLE', channel: { matchesCallback: (r) => String(r.rawBody).includes('notify_id=') } };
const all = [walletA, walletB, intl, card];

const stripeHeaders = {
  'stripe-signature': 't=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
  'content-type': 'application/json',
};
const paypalHeaders = {
  'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
  'paypal-transmission-time': '2016-02-18T20:01:35Z',
  'paypal-transmission-sig':
    'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLpKUxvlNZ3m7zE1'
    + 'sjNBZvUqx8t6T7YNaYkDnWY/s+hz7P4GkqITVZzDa+IuFDq8OEn1ZVsSlEb3e7QuzJ6p6X4WL1/FBp3pQz1hz1z+sbDs7Jp1H1E2xwRAzF4r/8xV5RmrBV+H+'
    + 'T8MIVPjYtHdgWqzRQQ0sQPSpqX4GV0Gvqn8GeIh0uyyGs2dcDj5ssIB1PxNpcoQoUBxLWhc7G/cx25j7YmCwqkhjm8sQ==',
  'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
  'paypal-auth-algo': 'SHA256withRSA',
};
const wechatHeaders = {
  'wechatpay-signature': 'c2ln',
  'wechatpay-serial': 'PUB_KEY_ID_0114232134912410000000000000',
  'wechatpay-timestamp': '1700000000',
  'wechatpay-nonce': 'abc',
};

describe('CUSTOM callback routing by request headers', () => {
  test('Stripe-Signature → CARD, PAYPAL-TRANSMISSION-* → INTL_WALLET, Wechatpay-* → WALLET_B_COMPATIBLE', () => {
    expect(routeCustomCallback(request(stripeHeaders), all).sub).toBe('CARD');
    expect(routeCustomCallback(request(paypalHeaders), all).sub).toBe('INTL_WALLET');
    expect(routeCustomCallback(request(wechatHeaders), all).sub).toBe('WALLET_B_COMPATIBLE');
  });

  test('header names match whatever their case', () => {
    expect(routeCustomCallback(request({ 'Stripe-Signature': 't=1,v1=aa' }), all).sub).toBe('CARD');
    expect(routeCustomCallback(request({ 'PAYPAL-TRANSMISSION-ID': 'x', 'PAYPAL-TRANSMISSION-SIG': 'y' }), all).sub).toBe('INTL_WALLET');
  });

  test('a form without provider headers falls through to the body-matching Alipay-compatible provider', () => {
    const alipayForm = request({ 'content-type': 'application/x-www-form-urlencoded' }, 'notify_id=1&sign=abc&app_id=2021');
    expect(routeCustomCallback(alipayForm, all).sub).toBe('WALLET_A_COMPATIBLE');
  });

  test('header fingerprints win over body matches, whatever order the routes are given in', () => {
    const stripeWithAlipayLookingBody = request(stripeHeaders, 'notify_id=1');
    expect(routeCustomCallback(stripeWithAlipayLookingBody, [walletA, card]).sub).toBe('CARD');
  });

  test('a fingerprint needs all its headers: a lone PAYPAL-TRANSMISSION-ID is not enough', () => {
    expect(matchesByFingerprint('INTL_WALLET', request({ 'paypal-transmission-id': 'x' }))).toBe(false);
    expect(matchesByFingerprint('CARD', request({ 'stripe-signature': '' }))).toBe(false);
  });

  test('only configured sub-providers are candidates; nothing recognised → MISSING_SIGNATURE (400)', () => {
    expect(() => routeCustomCallback(request(stripeHeaders), [intl, walletA])).toThrow(
      expect.objectContaining({ code: 'MISSING_SIGNATURE', status: 400 }),
    );
    expect(() => routeCustomCallback(request({ 'content-type': 'application/json' }), all)).toThrow(
      expect.objectContaining({ code: 'MISSING_SIGNATURE' }),
    );
    expect(() => routeCustomCallback(request(stripeHeaders), [])).toThrow(expect.objectContaining({ code: 'MISSING_SIGNATURE' }));
  });

  test("an adapter's own matchesCallback overrides the fingerprint table", () => {
    const picky: CustomRoute = { sub: 'CARD', channel: { matchesCallback: (r) => r.headers['stripe-signature'] === 'mine' } };
    expect(() => routeCustomCallback(request(stripeHeaders), [picky])).toThrow(expect.objectContaining({ code: 'MISSING_SIGNATURE' }));
    expect(routeCustomCallback(request({ 'stripe-signature': 'mine' }), [picky]).sub).toBe('CARD');
  });
});
