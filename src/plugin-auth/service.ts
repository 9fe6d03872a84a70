import type { PluginContext, PluginEntry } from '../host/plugin/plugin-context.js';

/** Plugin authorization service: catalog, authorization records, codes, licenses, public and docking APIs. */
export const pluginAuthService: PluginEntry = {
  async start(context: PluginContext) {
    context.logger.debug('plugin authorization service started');
  },
};
