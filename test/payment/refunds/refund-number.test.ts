import { newRefundId, refundNoOf } from '../../../src/payment/refunds/refund-number.js';

describe('refund numbers', () => {
  test('one refundId of one order always names the same refund; another order or id another refund', () => {
    const a = refundNoOf('p20260101aaaaaaaaaaaaaaaaaaaa', 'R-1');
    expect(a).toMatch(/^p20260101aaaaaaaaaaaaaaaaaaaa-r[0-9a-f]{16}$/);
    expect(refundNoOf('p20260101aaaaaaaaaaaaaaaaaaaa', 'R-1')).toBe(a);
    expect(refundNoOf('p20260101aaaaaaaaaaaaaaaaaaaa', 'r-1')).not.toBe(a);
    expect(refundNoOf('p20260101bbbbbbbbbbbbbbbbbbbb', 'R-1')).not.toBe(a);
  });

  test('an order name that would not fit a provider refund number gives a hashed one of at most 64 characters', () => {
    for (const name of ['x'.repeat(60), 'order.with.dots']) {
      const no = refundNoOf(name, 'R-1');
      expect(no).toMatch(/^rf-[0-9a-f]{40}$/);
      expect(no.length).toBeLessThanOrEqual(64);
    }
  });

  test('generated refund ids carry the day and 80 random bits', () => {
    const id = newRefundId(new Date('2026-01-02T03:04:05Z'));
    expect(id).toMatch(/^r20260102[0-9a-z]{16}$/);
    expect(newRefundId(new Date())).not.toBe(newRefundId(new Date()));
  });
});
