import type { PluginContext, PluginEntry } from '../host/sdk/index.js';
import { startPaymentModule, type PaymentModule } from './payment-module.js';

/**
 * Payment service: orders, channels, payment page, callbacks, notifications, console and user center
 * (merchants, settlement and withdrawals follow). `current` is the module of the last start, for tests
 * and benchmarks that drive the service in-process.
 */
export const paymentService: PluginEntry & { current?: PaymentModule } = {
  async start(context: PluginContext) {
    this.current = await startPaymentModule(context);
    context.logger.debug('payment service started');
  },
};
