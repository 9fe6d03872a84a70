import type { PluginContext, PluginEntry } from './host/sdk/index.js';
import { pluginAuthService } from './plugin-auth/service.js';
import { paymentService } from './payment/service.js';

/**
 * The package's entry: the host calls start with the plugin context, and each service registers its
 * operations, routes, controllers and jobs through it. The two services never import each other.
 */
const services: PluginEntry[] = [pluginAuthService, paymentService];

export const entry: PluginEntry = {
  async start(context: PluginContext) {
    for (const service of services) await service.start(context);
  },
  async stop() {
    for (const service of [...services].reverse()) await service.stop?.();
  },
};

export default entry;
