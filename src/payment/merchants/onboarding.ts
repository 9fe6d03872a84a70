import { AppError, isAppError, type Language } from '../../host/sdk/index.js';
import { createPayment } from '../orders/create-payment.js';
import { pageBase } from '../orders/order-lookup.js';
import { toView, type PaymentView } from '../orders/order-view.js';
import { PaymentInfo, SYSTEM_PLATFORM } from '../orders/types.js';
import { applicationOf, feeOrderId, feeOrdersOf, isFeeOrder, type MerchantApplication } from './fee-orders.js';
import type { MerchantDeps } from './merchant-deps.js';
import { alreadyMerchant, invalidField, onboardingClosed, platformDisabled } from './merchant-errors.js';
import { offersBusinessType, type MerchantSettingValues } from './merchant-settings.js';
import { Merchant, type MerchantDecision, type MerchantStatus } from './types.js';

export interface OnboardInput extends MerchantApplication {
  agreementAccepted: boolean;
  /** Channel of the fee order (TYPE and CHANNEL); default the first channel usable now. */
  paymentType?: string;
  paymentChannel?: string;
}

export interface OnboardResult {
  /** Absent while the account-opening fee is unpaid. */
  merchant?: Merchant;
  /** The fee order to pay (unpaid only). */
  feeOrder?: PaymentView;
  paymentId?: string;
  payUrl?: string;
}

export interface PayerFacts {
  clientIp?: string;
  userAgent?: string;
  /** The language the payer reads (their request's): the fee order's subject for the channel, and the answer's. */
  language: Language;
}

/** The fee order's title in each language: every reader of the order sees theirs (docs/payment.md, "Order titles"). */
export const FEE_SUBJECTS = { 'zh-CN': '商户开户费', en: 'Merchant account-opening fee' } as const;

/**
 * Onboards the caller: refused when the platform is off, onboarding closed, the terms not accepted, the
 * business type unknown or the user already has a merchant. Without a fee the merchant is created at once
 * (ACTIVE, or PENDING when review is required); with one, the unpaid fee order is answered (the same order
 * again until it is paid or closed) and the merchant follows its SUCCESS; a paid fee is never asked for twice.
 */
export async function onboard(deps: MerchantDeps, username: string, input: OnboardInput, payer: PayerFacts): Promise<OnboardResult> {
  const settings = await deps.merchantSettings.read();
  if (!settings.enabled) throw platformDisabled();
  if (!settings.onboardingOpen) throw onboardingClosed();
  checkApplication(input, settings);
  const existing = await deps.client.fetch(Merchant, username);
  if (existing) throw alreadyMerchant(existing.spec.status);
  const application = applicationFrom(input);
  if (isFree(settings.accountOpeningFee)) return { merchant: await createMerchant(deps, username, application, settings, true) };

  const orders = await feeOrdersOf(deps, username);
  const paid = orders.find(isUnusedPaidFee);
  if (paid) {
    const merchant = await createMerchant(deps, username, application, settings, true);
    await markUsed(deps, paid);
    return { merchant };
  }
  const open = orders.find((o) => o.spec.status === 'UNPAID' || o.spec.status === 'PAYING');
  const order = open
    ? await keepApplication(deps, open, application)
    : await newFeeOrder(deps, username, orders.length + 1, input, application, payer);
  return feeAnswer(deps, order, payer.language);
}

/** "0", "0.00" or empty: no account-opening fee (a payment amount must be positive, so zero never reaches an order). */
function isFree(fee: string): boolean {
  return /^\s*0*(\.0*)?\s*$/.test(fee);
}

async function feeAnswer(deps: MerchantDeps, order: PaymentInfo, language: Language): Promise<OnboardResult> {
  const view = toView(order, await pageBase(deps), language);
  return { feeOrder: view, paymentId: view.paymentId, payUrl: view.pageUrl };
}

/** The caller's merchant, or their unpaid fee order (paid but not yet followed up: completed here). */
export async function myMerchant(deps: MerchantDeps, username: string, language: Language): Promise<OnboardResult> {
  const merchant = await deps.client.fetch(Merchant, username);
  if (merchant) return { merchant };
  const orders = await feeOrdersOf(deps, username);
  const paid = orders.find(isUnusedPaidFee);
  if (paid) {
    const created = await completeFeeOrder(deps, paid);
    if (created) return { merchant: created };
  }
  const open = orders.find((o) => o.spec.status === 'UNPAID' || o.spec.status === 'PAYING');
  return open ? feeAnswer(deps, open, language) : {};
}

/**
 * A fee order reached SUCCESS: the merchant of its stored application is created (once: the merchant's name
 * is the user name, so a second call finds it). Idempotent; used by the order-event listener, the start-up
 * catch-up and the user's own reads.
 */
export async function completeFeeOrder(deps: MerchantDeps, order: PaymentInfo): Promise<Merchant | undefined> {
  if (!isUnusedPaidFee(order) || !order.spec.username) return undefined;
  const application = applicationOf(order)!;
  const settings = await deps.merchantSettings.read();
  const merchant = await createMerchant(deps, order.spec.username, application, settings, false);
  await markUsed(deps, order);
  return merchant;
}

/**
 * A paid fee pays for one merchant: once its merchant exists the order is marked, so a merchant deleted later
 * is not brought back from it at the next start (a crash before the mark finds the merchant and marks then).
 */
function isUnusedPaidFee(order: PaymentInfo): boolean {
  return isFeeOrder(order) && order.spec.status === 'SUCCESS' && !order.spec.additionalData?.merchantCreatedAt;
}

async function markUsed(deps: MerchantDeps, order: PaymentInfo): Promise<void> {
  // A merge patch: only this key is added to whatever additionalData holds now.
  const merchantCreatedAt = new Date(deps.clock.now()).toISOString();
  await deps.client.patch(PaymentInfo, order.metadata.name, { spec: { additionalData: { merchantCreatedAt } } });
}

function checkApplication(input: OnboardInput, settings: MerchantSettingValues): void {
  if (input.agreementAccepted !== true)
    throw invalidField('agreementAccepted', '请阅读并同意商户协议后再提交', 'read and accept the agreement terms first');
  if (!offersBusinessType(settings, input.businessType))
    throw invalidField(
      'businessType',
      `经营类型「${input.businessType}」不在可选列表中`,
      `business type "${input.businessType}" is not one of the offered types`,
    );
}

function applicationFrom(input: OnboardInput): MerchantApplication {
  const { merchantName, contactPerson, contactPhone, contactEmail, businessType, description } = input;
  return { merchantName, contactPerson, contactPhone, contactEmail, businessType, ...(description ? { description } : {}) };
}

/** Creates the merchant; `strict` answers MERCHANT_EXISTS when one appeared meanwhile, else that one is returned. */
async function createMerchant(
  deps: MerchantDeps,
  username: string,
  application: MerchantApplication,
  settings: MerchantSettingValues,
  strict: boolean,
): Promise<Merchant> {
  const status: MerchantStatus = settings.reviewRequired ? 'PENDING' : 'ACTIVE';
  const onboarded: MerchantDecision = { action: 'onboard', to: status, by: username, at: new Date(deps.clock.now()).toISOString() };
  try {
    return await deps.client.create(Merchant, {
      metadata: { name: username },
      spec: { ...application, agreementAccepted: true, username, status, history: [onboarded] },
    });
  } catch (err) {
    if (!isAppError(err) || err.code !== 'ALREADY_EXISTS') throw err;
    const existing = await deps.client.get(Merchant, username);
    if (strict) throw alreadyMerchant(existing.spec.status);
    return existing;
  }
}

/** A second submission while the fee is unpaid: the same order, carrying the latest application. */
async function keepApplication(deps: MerchantDeps, order: PaymentInfo, application: MerchantApplication): Promise<PaymentInfo> {
  const additionalData = { ...(order.spec.additionalData ?? {}), caller: { merchantApplication: application } };
  return deps.client.patch(PaymentInfo, order.metadata.name, { spec: { additionalData } });
}

async function newFeeOrder(
  deps: MerchantDeps,
  username: string,
  attempt: number,
  input: OnboardInput,
  application: MerchantApplication,
  payer: PayerFacts,
): Promise<PaymentInfo> {
  const [paymentType, paymentChannel] = await feeChannel(deps, input);
  return createPayment(
    deps,
    {
      orderId: feeOrderId(username, attempt),
      subject: FEE_SUBJECTS[payer.language],
      paymentAmount: (await deps.merchantSettings.read()).accountOpeningFee,
      currency: 'CNY',
      paymentType,
      paymentChannel,
      // The payment page's "back" link leads to the merchant page of the user center (same site as the page).
      returnUrl: `${await pageBase(deps)}/uc/merchant`,
      additionalData: { merchantApplication: application },
    },
    { platform: SYSTEM_PLATFORM, username },
    { ...payer, subjects: FEE_SUBJECTS },
  );
}

async function feeChannel(deps: MerchantDeps, input: OnboardInput): Promise<[string, string]> {
  if (input.paymentType && input.paymentChannel) return [input.paymentType, input.paymentChannel];
  const first = (await deps.channels.available())[0];
  if (!first)
    throw new AppError('CHANNEL_DISABLED', '当前没有可用的支付渠道，无法支付开户费', {
      status: 409,
      messageEn: 'no payment channel is usable now, so the account-opening fee cannot be paid',
    });
  const [type, channel] = first.split(':');
  return [type, channel];
}
