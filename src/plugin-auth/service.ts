import { labelEq, registerErrorMessages, systemClock, type Clock, type PluginContext, type PluginEntry } from '../host/sdk/index.js';
import { PLUGIN_AUTH_ERROR_MESSAGES } from './api/error-messages.js';
import { pluginRecordsController } from './auth-log/reconciler.js';
import { authLogOperations } from './auth-log/routes.js';
import { userCatalogOperations } from './auth-log/uc-catalog.js';
import { userCenterOperations } from './auth-log/uc-routes.js';
import { catalogOperations } from './catalog/routes.js';
import { cleanAuthJob } from './cleanup/clean-auth.job.js';
import { CODE_ERROR_MESSAGES } from './codes/code-errors.js';
import { expireCodesJob } from './codes/expire-codes.job.js';
import { codeOperations } from './codes/routes.js';
import { activationOperations } from './codes/uc-routes.js';
import type { PluginAuthDeps } from './deps/plugin-auth-deps.js';
import { notificationOperations } from './notifications/routes.js';
import { permanentUserOperations } from './permanent-users/routes.js';
import { entitlementOperations } from './permanent-users/uc-routes.js';
import { PaymentOrder } from './purchases/payment-contract.js';
import { PLUGIN_PURCHASE, PURCHASE_LABEL } from './purchases/purchase-refs.js';
import { reconcilePurchase } from './purchases/reconcile-purchase.js';
import { purchaseOperations } from './purchases/uc-routes.js';
import { startOpenApi } from './public/open-api.js';
import { pluginAuthSettings } from './settings/plugin-auth-settings.js';
import { selfServiceOperations, settingsOperations } from './settings/routes.js';

/** The service's dependencies from the host context (tests and benchmarks build them the same way). */
export function pluginAuthDeps(
  context: Pick<PluginContext, 'client' | 'logger' | 'settings' | 'notifications' | 'baseUrl'>,
  clock: Clock = systemClock,
): PluginAuthDeps {
  return {
    client: context.client,
    clock,
    logger: context.logger.child({ service: 'plugin-auth' }),
    settings: pluginAuthSettings(context.settings),
    notifier: context.notifications,
    baseUrl: context.baseUrl,
  };
}

/**
 * Plugin authorization service: catalog, authorization records, codes, permanent users, notifications,
 * settings and the cleanup jobs (console and user-center operations). The public and docking APIs and
 * licenses register here too (issue 5); they call the same service functions.
 */
export const pluginAuthService: PluginEntry = {
  async start(context: PluginContext) {
    registerErrorMessages(PLUGIN_AUTH_ERROR_MESSAGES);
    registerErrorMessages(CODE_ERROR_MESSAGES);
    const deps = pluginAuthDeps(context);
    const operations = [
      ...catalogOperations(deps, context.attachments),
      ...authLogOperations(deps),
      ...userCenterOperations(deps),
      ...userCatalogOperations(deps),
      ...activationOperations(deps),
      ...codeOperations(deps),
      ...permanentUserOperations(deps),
      ...entitlementOperations(deps),
      ...purchaseOperations(deps),
      ...notificationOperations(deps),
      ...settingsOperations(deps.settings),
      ...selfServiceOperations(deps.settings),
    ];
    for (const op of operations) context.addOperation(op);
    const openOperations = await startOpenApi(context, deps);
    context.controllers.register(pluginRecordsController(deps.client, deps.logger, context.attachments));
    // Paid plugin purchases: the payment service's orders labelled as ours, followed as data (docs/plugin-purchase.md).
    context.controllers.register({
      name: 'plugin-auth-purchases',
      kind: PaymentOrder,
      where: labelEq(PURCHASE_LABEL, PLUGIN_PURCHASE),
      workers: 2,
      reconcile: (paymentId) => reconcilePurchase(deps, paymentId),
    });
    context.scheduler.register(cleanAuthJob(deps));
    context.scheduler.register(expireCodesJob(deps));
    deps.logger.debug({ operations: operations.length + openOperations }, 'plugin authorization service started');
  },
};
