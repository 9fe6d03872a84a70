import { acceptsRefunds, refundableMinor, withRefundReserved, withRefundSettled } from '../../../src/payment/orders/refund-amounts.js';
import type { PaymentInfo } from '../../../src/payment/orders/types.js';

const order = (spec: Partial<PaymentInfo['spec']> = {}): PaymentInfo =>
  ({
    apiVersion: 'payment.authpay.dev/v1alpha1',
    kind: 'PaymentInfo',
    metadata: { name: 'p20260101aaaaaaaaaaaaaaaaaaaa', resourceVersion: '7' },
    spec: {
      orderId: 'o1',
      paymentId: 'p20260101aaaaaaaaaaaaaaaaaaaa',
      subject: 's',
      paymentAmount: 1230,
      currency: 'CNY',
      paymentType: 'WALLET_A',
      paymentChannel: 'FACE_TO_FACE_PAYMENT',
      platform: 'system',
      status: 'SUCCESS',
      ...spec,
    },
  }) as PaymentInfo;
const at = '2026-01-01T00:00:00.000Z';

describe('what refunds do to their order', () => {
  test('the refundable rest excludes refunded and reserved amounts', () => {
    expect(refundableMinor(order().spec)).toBe(1230);
    expect(refundableMinor(order({ refundedAmount: 500, refundPendingAmount: 230 }).spec)).toBe(500);
    expect(refundableMinor(withRefundReserved(order({ refundPendingAmount: 100 }), 30).spec)).toBe(1100);
  });

  test('only SUCCESS and PARTIALLY_REFUNDED orders take refunds', () => {
    expect(
      ['UNPAID', 'PAYING', 'SUCCESS', 'FAILED', 'UNKNOWN', 'PARTIALLY_REFUNDED', 'REFUNDED'].filter((s) => acceptsRefunds(s as never)),
    ).toEqual(['SUCCESS', 'PARTIALLY_REFUNDED']);
  });

  test('a SUCCESS refund releases its reservation, adds to the refunded amount and moves the status with a history entry', () => {
    const partly = withRefundSettled(order({ refundPendingAmount: 500 }), {
      amountMinor: 500,
      outcome: 'SUCCESS',
      at,
      reason: 'refund r1',
    });
    expect(partly.spec).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 500, refundPendingAmount: 0 });
    expect(partly.status?.transitions).toEqual([{ from: 'SUCCESS', to: 'PARTIALLY_REFUNDED', at, source: 'REFUND', reason: 'refund r1' }]);
    const again = withRefundSettled(
      { ...partly, spec: { ...partly.spec, refundPendingAmount: 200 } },
      { amountMinor: 200, outcome: 'SUCCESS', at },
    );
    expect(again.spec).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 700 });
    expect(again.status?.transitions).toHaveLength(1);
    const full = withRefundSettled(
      { ...again, spec: { ...again.spec, refundPendingAmount: 530 } },
      { amountMinor: 530, outcome: 'SUCCESS', at },
    );
    expect(full.spec).toMatchObject({ status: 'REFUNDED', refundedAmount: 1230, refundPendingAmount: 0 });
    expect(full.status?.transitions?.at(-1)).toMatchObject({ from: 'PARTIALLY_REFUNDED', to: 'REFUNDED' });
  });

  test('a FAILED refund only releases its reservation', () => {
    const released = withRefundSettled(order({ refundPendingAmount: 500 }), { amountMinor: 500, outcome: 'FAILED', at });
    expect(released.spec).toMatchObject({ status: 'SUCCESS', refundPendingAmount: 0 });
    expect(released.spec.refundedAmount).toBeUndefined();
  });
});
