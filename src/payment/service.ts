import type { PluginContext, PluginEntry } from '../host/plugin/plugin-context.js';

/** Payment service: orders, channels, payment page, merchants, settlement and withdrawals. */
export const paymentService: PluginEntry = {
  async start(context: PluginContext) {
    context.logger.debug('payment service started');
  },
};
