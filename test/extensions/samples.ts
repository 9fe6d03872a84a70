/**
 * One valid object per kind declared in extensions/, in the shape a service would write it. Tests derive
 * invalid variants from these, so each sample must stay minimal-but-realistic.
 */
import type { Resource } from '../../src/host/resource/types.js';

const PLUGIN_AUTH = 'pluginauth.authpay.dev/v1alpha1';
const PAYMENT = 'payment.authpay.dev/v1alpha1';

function sample(apiVersion: string, kind: string, name: string, spec: Record<string, unknown>): Resource {
  return { apiVersion, kind, metadata: { name }, spec };
}

export const VALID_SAMPLES: Record<string, Resource> = {
  SitePlugin: sample(PLUGIN_AUTH, 'SitePlugin', 'plugin-links', {
    key: 'plugin-links',
    name: 'Links',
    logo: 'https://cdn.example.com/links.png',
    description: 'Friend links page',
    version: '1.4.2',
    author: 'AuthPay',
    authCountLimit: -1,
    docs: 'https://docs.example.com/links',
    url: '/downloads/links-1.4.2.jar',
    price: 19.9,
    payUrl: 'https://shop.example.com/links',
    priority: 3,
  }),
  SitePluginAuthLog: sample(PLUGIN_AUTH, 'SitePluginAuthLog', 'plugin-links-a-com-alice-1f2e3d4c', {
    pluginKey: 'plugin-links',
    authUser: 'alice',
    authDomain: 'a.com',
    authStatus: 1,
    authTime: '2026-01-01T00:00:00Z',
    expireTime: '2099-12-31T23:59:59Z',
    license: 'eyJhbGciOiJFZERTQSJ9.e30.sig',
  }),
  PermanentAuthCode: sample(PLUGIN_AUTH, 'PermanentAuthCode', '7kq4-m2xz-9htr-c8wd', {
    code: '7KQ4-M2XZ-9HTR-C8WD',
    pluginKey: 'plugin-links',
    channel: 'card-shop',
    status: 'USED',
    restrictedUser: 'alice',
    authUser: 'alice',
    authDomain: 'a.com',
    authTime: '2026-01-02T03:04:05Z',
    expiresAt: '2027-01-01T00:00:00Z',
    createdBy: 'docking:card-shop',
  }),
  PermanentAuthUser: sample(PLUGIN_AUTH, 'PermanentAuthUser', 'plugin-links-alice', {
    pluginKey: 'plugin-links',
    authUser: 'alice',
    authTime: '2026-01-02T03:04:05Z',
    source: 'CODE',
    code: '7KQ4-M2XZ-9HTR-C8WD',
  }),
  PaymentInfo: sample(PAYMENT, 'PaymentInfo', 'p20260101000001', {
    orderId: 'ORDER-2026-0001',
    paymentId: 'P20260101000001',
    subject: 'Links plugin, permanent',
    body: 'one licence',
    paymentAmount: 1990,
    currency: 'CNY',
    paymentType: 'WALLET_A',
    paymentChannel: 'FACE_TO_FACE_PAYMENT',
    notifyUrl: 'https://shop.example.com/notify',
    returnUrl: 'https://shop.example.com/return',
    platform: 'merchant-bob',
    username: 'alice',
    qrCode: 'https://qr.alipay.com/bax01234',
    payUrl: 'https://openapi.alipay.com/gateway.do?x=1',
    additionalData: { cart: [{ sku: 'links', qty: 1 }], note: 'gift' },
    status: 'SUCCESS',
    channelTradeNo: '2026010122001400001',
    paidAt: '2026-01-01T00:01:00Z',
    expiresAt: '2026-01-01T00:30:00Z',
    settlementName: 'settlement-bob-20260102',
  }),
  Merchant: sample(PAYMENT, 'Merchant', 'bob', {
    merchantName: "Bob's Plugins",
    contactPerson: 'Bob',
    contactPhone: '+86 138-0000-0000',
    contactEmail: 'bob@example.com',
    businessType: 'software',
    description: 'Site plugins',
    agreementAccepted: true,
    username: 'bob',
    status: 'ACTIVE',
    reviewRemark: 'ok',
    feeRateBasisPoints: 60,
  }),
  SettlementRecord: sample(PAYMENT, 'SettlementRecord', 'settlement-bob-20260102', {
    merchant: 'bob',
    paymentIds: ['P20260101000001', 'P20260101000002'],
    orderCount: 2,
    totalAmount: 3980,
    feeAmount: 24,
    settlementAmount: 3956,
    currency: 'CNY',
    feeRateBasisPoints: 60,
    status: 'SUCCESS',
    confirmedBy: 'admin',
    confirmedAt: '2026-01-02T08:00:00Z',
  }),
  WithdrawalAccount: sample(PAYMENT, 'WithdrawalAccount', 'bob-card-1', {
    merchant: 'bob',
    type: 'BANK_CARD',
    accountName: 'Bob Li',
    accountNumber: '6222020000000000000',
    bankName: 'Example Bank, Main Branch',
    isDefault: true,
  }),
  WithdrawalRecord: sample(PAYMENT, 'WithdrawalRecord', 'withdrawal-bob-1', {
    merchant: 'bob',
    accountName: 'bob-card-1',
    accountSnapshot: { type: 'BANK_CARD', accountName: 'Bob Li', accountNumber: '6222020000000000000', bankName: 'Example Bank' },
    amount: 3000,
    currency: 'CNY',
    remark: 'monthly',
    status: 'COMPLETED',
    payoutSerial: 'BANK-778899',
    appliedAt: '2026-01-03T00:00:00Z',
    reviewedBy: 'admin',
  }),
  LedgerEntry: sample(PAYMENT, 'LedgerEntry', 'settlement-credit-settlement-bob-20260102', {
    merchant: 'bob',
    type: 'SETTLEMENT_CREDIT',
    amount: 3956,
    currency: 'CNY',
    balanceDelta: 3956,
    frozenDelta: 0,
    reference: { kind: 'SettlementRecord', name: 'settlement-bob-20260102' },
    createdBy: 'admin',
  }),
};

/** Money fields per kind (integer minor units): a float in any of them must be refused. */
export const MONEY_FIELDS: Record<string, string[]> = {
  PaymentInfo: ['paymentAmount'],
  SettlementRecord: ['totalAmount', 'feeAmount', 'settlementAmount'],
  WithdrawalRecord: ['amount'],
  LedgerEntry: ['amount', 'balanceDelta'],
};
