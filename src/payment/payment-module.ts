import type { PluginContext } from '../host/sdk/index.js';
import { callbackOperations } from './callbacks/callback-operations.js';
import { generateSandboxSecret } from './channels/sandbox/index.js';
import { adminOperations } from './console/admin-operations.js';
import { orderOperations } from './console/order-operations.js';
import { paymentJobs, CLOSE_JOB, SYNC_JOB } from './jobs/job-definitions.js';
import { notifyAdministrators } from './notify/admin-notification.js';
import { NotifyDeliveryWorker, type DeliveryWorkerOptions } from './notify/delivery-worker.js';
import { paymentPageRouter } from './page/page-routes.js';
import { publicOperations } from './page/public-operations.js';
import type { OrderEvent, PaymentDeps } from './payment-deps.js';
import { ChannelProvider } from './settings/channel-provider.js';
import { generateInterfaceKeys } from './settings/interface-keys.js';
import { paymentSettings, type PaymentSettings } from './settings/payment-settings.js';
import { ucOperations } from './uc/uc-operations.js';

export interface PaymentModuleOptions {
  now?: () => Date;
  delivery?: DeliveryWorkerOptions;
}

/** The running payment service: its dependencies (for tests and benchmarks) and the delivery worker. */
export interface PaymentModule {
  deps: PaymentDeps;
  worker: NotifyDeliveryWorker;
  /** Resolves when the after-commit work of the events so far (admin notifications) is done. */
  settled(): Promise<void>;
}

/**
 * Wires the payment service into the host: settings, channels, the delivery worker, operations, the
 * payment page and the jobs. Everything goes through the plugin context.
 */
export async function startPaymentModule(context: PluginContext, options: PaymentModuleOptions = {}): Promise<PaymentModule> {
  const settings = paymentSettings(context.settings, context.production);
  await ensureGeneratedSecrets(settings, context);
  const pending = new Set<Promise<void>>();
  let worker: NotifyDeliveryWorker | undefined;
  const deps: PaymentDeps = {
    client: context.client,
    logger: context.logger.child({ service: 'payment' }),
    settings,
    channels: new ChannelProvider(settings, context.client),
    notifications: context.notifications,
    siteUrl: context.baseUrl,
    production: context.production,
    now: options.now ?? (() => new Date()),
    onOrderEvent: (event: OrderEvent) => {
      if (event.deliveryQueued) worker?.wake();
      const work = notifyAdministrators(deps, event).catch((err) => deps.logger.error({ err: (err as Error).message }, 'admin notification failed'));
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    wakeNotifier: () => worker?.wake(),
  };
  worker = new NotifyDeliveryWorker(deps, options.delivery);
  for (const op of [...callbackOperations(deps), ...publicOperations(deps), ...orderOperations(deps), ...adminOperations(deps), ...ucOperations(deps)]) context.addOperation(op);
  context.addRoute('/payment', paymentPageRouter(deps));
  for (const job of paymentJobs(deps)) context.scheduler.register(job);
  const unfollow = settings.onChange(() => {
    for (const name of [CLOSE_JOB, SYNC_JOB]) void context.scheduler.reschedule(name).catch(() => undefined);
  });
  worker.start();
  context.onStop(async () => {
    unfollow();
    await worker!.stop();
    await Promise.all(pending);
  });
  return { deps, worker, settled: async () => void (await Promise.all(pending)) };
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
    context.logger.info({ generated: Object.keys(patch).filter((k) => k !== 'interfacePublicKey') }, 'payment secrets generated');
  }
}
