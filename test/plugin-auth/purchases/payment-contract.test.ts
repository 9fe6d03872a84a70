import * as payment from '../../../src/payment/checkout/types.js';
import * as paymentOrders from '../../../src/payment/orders/types.js';
import * as purchases from '../../../src/plugin-auth/purchases/payment-contract.js';

/**
 * plugin-auth keeps its own copy of payment's checkout contract (the services may not import each other:
 * docs/architecture.md, "The checkout contract"). The types are held together at compile time here
 * (`npm run typecheck` fails on a field added, dropped or retyped on one side) and the kind coordinates and
 * constants at run time.
 */
/** Identical types, optional fields included (plain mutual assignability would let an optional field slip). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Reads<Whole, View> = [Whole] extends [View] ? true : false;

// The request both sides write and read: the same spec and status, field for field.
const requestSpecAgrees: Same<payment.CheckoutRequestSpec, purchases.CheckoutRequestSpec> = true;
const requestStatusAgrees: Same<payment.CheckoutRequestStatus, purchases.CheckoutRequestStatus> = true;
// The order plugin-auth only reads: its view is a part of payment's order, statuses identical.
const orderViewIsPartOfTheOrder: Reads<paymentOrders.PaymentInfoSpec, purchases.PaymentOrderSpec> = true;
const orderStatusesAgree: Same<paymentOrders.OrderStatus, purchases.OrderStatus> = true;

const coordinates = ({ group, version, kind, plural }: { group: string; version: string; kind: string; plural: string }) => ({
  group,
  version,
  kind,
  plural,
});

describe("plugin-auth's copy of payment's checkout contract", () => {
  test('agrees in type (checked by the compiler on the lines above)', () => {
    expect([requestSpecAgrees, requestStatusAgrees, orderViewIsPartOfTheOrder, orderStatusesAgree]).toEqual([true, true, true, true]);
  });

  test('names the same kinds', () => {
    expect(coordinates(purchases.CheckoutRequest)).toEqual(coordinates(payment.CheckoutRequest));
    expect(coordinates(purchases.PaymentOrder)).toEqual(coordinates(paymentOrders.PaymentInfo));
  });

  test("names the site's own platform as payment does", () => {
    expect(purchases.SYSTEM_PLATFORM).toBe(paymentOrders.SYSTEM_PLATFORM);
  });
});
