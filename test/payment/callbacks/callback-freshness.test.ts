import { CALLBACK_MAX_AGE_MS, assertFreshCallback } from '../../../src/payment/callbacks/callback-freshness.js';
import { isChannelError, type CallbackEvent } from '../../../src/payment/channels/index.js';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const sentAgo = (ms: number): CallbackEvent => ({ orderRef: 'p1', status: 'SUCCESS', raw: {}, sentAt: new Date(NOW - ms).toISOString() });

describe('callback freshness', () => {
  test('a notification inside the 48 h window passes, Alipay’s last resend (~25 h) included', () => {
    expect(CALLBACK_MAX_AGE_MS).toBe(48 * 3_600_000);
    expect(() => assertFreshCallback(sentAgo(25 * 3_600_000), NOW)).not.toThrow();
    expect(() => assertFreshCallback(sentAgo(CALLBACK_MAX_AGE_MS), NOW)).not.toThrow();
  });

  test('one older than the window is STALE_CALLBACK, which is acknowledged (200) so the provider stops resending', () => {
    let error: unknown;
    try {
      assertFreshCallback(sentAgo(CALLBACK_MAX_AGE_MS + 1000), NOW);
    } catch (err) {
      error = err;
    }
    expect(isChannelError(error, 'STALE_CALLBACK')).toBe(true);
    expect((error as { status: number }).status).toBe(200);
  });

  test('a protocol without a signed send time is not judged', () => {
    expect(() => assertFreshCallback({ orderRef: 'p1', status: 'SUCCESS', raw: {} }, NOW)).not.toThrow();
  });
});
