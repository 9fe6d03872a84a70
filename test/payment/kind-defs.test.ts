import path from 'node:path';
import { KindRegistry } from '../../src/host/schema/kind-registry.js';
import { testDefinitionsAgainstCrds } from '../support/kind-definitions.js';
import type { AnyKindDef } from '../../src/host/sdk/index.js';
import { PaymentCallbackLog } from '../../src/payment/callbacks/callback-log.js';
import { SandboxTrade } from '../../src/payment/channels/sandbox/index.js';
import { PaymentNotifyDelivery } from '../../src/payment/notify/types.js';
import { PaymentDailyStat } from '../../src/payment/orders/daily-stats.js';
import { PaymentInfo } from '../../src/payment/orders/types.js';
import { Merchant } from '../../src/payment/merchants/types.js';
import { PaymentRefund } from '../../src/payment/refunds/types.js';
import { PlatformNonce } from '../../src/payment/platform/nonce-store.js';
import { LedgerEntry, MerchantBalance } from '../../src/payment/ledger/types.js';
import { SettlementRecord } from '../../src/payment/settlement/types.js';
import { CheckoutRequest } from '../../src/payment/checkout/types.js';
import { WithdrawalAccount, WithdrawalRecord } from '../../src/payment/withdrawals/types.js';

/** Every kind the payment service defines in code, by the family that owns it. */
const PAYMENT_KINDS: AnyKindDef[] = [
  PaymentInfo,
  PaymentDailyStat,
  PaymentNotifyDelivery,
  PaymentCallbackLog,
  PaymentRefund,
  SandboxTrade,
  Merchant,
  PlatformNonce,
  LedgerEntry,
  MerchantBalance,
  SettlementRecord,
  CheckoutRequest,
  WithdrawalAccount,
  WithdrawalRecord,
];

const registry = new KindRegistry();
const crds = registry.loadDirectory(path.resolve('extensions'));

describe('payment kind definitions', () => {
  testDefinitionsAgainstCrds(PAYMENT_KINDS, registry);

  test('every CRD of the payment group has a definition', () => {
    const paymentCrds = crds.filter((k) => k.group === PaymentInfo.group).map((k) => k.kind);
    const defined = PAYMENT_KINDS.map((def) => def.kind);
    expect([...defined].sort()).toEqual([...paymentCrds].sort());
  });
});
