import { registerErrorMessages, systemClock, type Clock, type PluginContext } from '../host/sdk/index.js';
import { PAYMENT_ERROR_MESSAGES } from './api/error-messages.js';
import { callbackOperations } from './callbacks/callback-operations.js';
import { processCheckout } from './checkout/process-checkout.js';
import { CheckoutRequest } from './checkout/types.js';
import { checkoutUcOperations } from './checkout/uc-operations.js';
import { generateSandboxSecret } from './channels/sandbox/index.js';
import { paymentJobs, CLOSE_JOB, REFUND_SYNC_JOB, SYNC_JOB } from './jobs/job-definitions.js';
import { notifyOperations } from './notify/console-operations.js';
import { NotifyDeliveryWorker, type DeliveryWorkerOptions } from './notify/delivery-worker.js';
import { followOrderEvents } from './notify/follow-order-events.js';
import { startMerchants, type MerchantModule } from './merchants/merchant-module.js';
import { startWithdrawals } from './withdrawals/withdrawal-module.js';
import { orderDetailsOperations } from './order-details/get-payment-operation.js';
import { orderOperations } from './orders/console-operations.js';
import { OrderEvents } from './orders/order-events.js';
import { ucOperations } from './orders/uc-operations.js';
import { refundOperations } from './refunds/console-operations.js';
import type { RefundDeps } from './refunds/refund-deps.js';
import { refundLedger } from './settlement/refund-ledger.js';
import { paymentPageRouter } from './page/page-routes.js';
import { platformOperations } from './platform/platform-operations.js';
import { publicOperations } from './page/public-operations.js';
import { ChannelProvider } from './settings/channel-provider.js';
import { generateInterfaceKeys } from './settings/interface-keys.js';
import { callbackDomainRule } from './settings/callback-domain.js';
import { paymentSettings, SETTING_NAME, type PaymentSettings } from './settings/payment-settings.js';
import { settingsOperations } from './settings/settings-operations.js';
import { startSettlement } from './settlement/settlement-module.js';

export interface PaymentModuleOptions {
  clock?: Clock;
  delivery?: DeliveryWorkerOptions;
}

/** The running payment service: its dependencies (for tests and benchmarks) and the delivery worker. */
export interface PaymentModule {
  deps: RefundDeps;
  worker: NotifyDeliveryWorker;
  merchants: MerchantModule;
}

/**
 * Wires the payment service into the host: settings, channels, the order events and who follows them, the
 * delivery worker, operations, the payment page and the jobs. Everything goes through the plugin context.
 */
export async function startPaymentModule(context: PluginContext, options: PaymentModuleOptions = {}): Promise<PaymentModule> {
  registerErrorMessages(PAYMENT_ERROR_MESSAGES);
  const settings = paymentSettings(context.settings, context.production);
  // Every write of the general group (updatePaymentSettings, the host's updateSettings) is judged by it.
  const removeCallbackDomainRule = context.settings.addGroupRule(SETTING_NAME, 'general', callbackDomainRule);
  await ensureGeneratedSecrets(settings, context);
  // The overview's days are reporting-zone days, so the apps show every time in that zone too.
  context.useSiteTimeZone?.(async () => (await settings.read()).reportTimeZone);
  const logger = context.logger.child({ service: 'payment' });
  const deps: RefundDeps = {
    client: context.client,
    logger,
    settings,
    channels: new ChannelProvider(settings, context.client),
    notifications: context.notifications,
    siteUrl: context.baseUrl,
    production: context.production,
    clock: options.clock ?? systemClock,
    orderEvents: new OrderEvents(logger),
  };
  deps.refundLedger = refundLedger(deps);
  const worker = new NotifyDeliveryWorker(deps, options.delivery);
  const follower = followOrderEvents(deps, deps.orderEvents, worker);
  const operations = [
    ...callbackOperations(deps),
    ...publicOperations(deps),
    ...orderOperations(deps),
    ...orderDetailsOperations(deps),
    ...refundOperations(deps),
    ...notifyOperations(deps, worker),
    ...settingsOperations(deps),
    ...ucOperations(deps),
    ...checkoutUcOperations(deps),
    ...platformOperations(deps),
  ];
  for (const op of operations) context.addOperation(op);
  const merchants = startMerchants(context, deps);
  // Checkout requests of the site's own sales (docs/checkout.md): several workers, so one slow channel does not hold up the rest.
  const stopCheckouts = context.controllers.register({
    name: 'payment-checkout-requests',
    kind: CheckoutRequest,
    workers: 4,
    reconcile: (name) => processCheckout(deps, name),
  });
  startSettlement(context, merchants.deps);
  startWithdrawals(context, deps);
  context.addRoute('/payment', paymentPageRouter(deps));
  for (const job of paymentJobs(deps)) context.scheduler.register(job);
  const unfollow = settings.onChange(() => {
    for (const name of [CLOSE_JOB, SYNC_JOB, REFUND_SYNC_JOB]) void context.scheduler.reschedule(name).catch(() => undefined);
  });
  worker.start();
  context.onStop(async () => {
    removeCallbackDomainRule();
    await stopCheckouts();
    unfollow();
    await worker.stop();
    follower.unsubscribe();
  });
  return { deps, worker, merchants };
}

/** First start: a sandbox HMAC secret and an interface key pair, so signed callbacks and notifications work. */
async function ensureGeneratedSecrets(settings: PaymentSettings, context: PluginContext): Promise<void> {
  const values = await settings.read();
  const patch: Record<string, unknown> = {};
  if (!values.sandboxSecret) patch.sandboxSecret = generateSandboxSecret();
  if (!values.interfacePrivateKey) {
    const pair = await generateInterfaceKeys();
    Object.assign(patch, { interfacePrivateKey: pair.privateKeyPem, interfacePublicKey: pair.publicKeyPem });
  }
  if (Object.keys(patch).length) {
    await settings.write(patch);
    const generated = Object.keys(patch).filter((k) => k !== 'interfacePublicKey');
    context.logger.info({ generated }, 'payment secrets generated');
  }
}
