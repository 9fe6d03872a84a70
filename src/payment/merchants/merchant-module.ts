import { HostRoleBinding, type PluginContext } from '../../host/sdk/index.js';
import type { OrderDeps } from '../orders/order-events.js';
import { merchantConsoleOperations } from './console-operations.js';
import { isFeeOrder, paidFeeOrders } from './fee-orders.js';
import type { MerchantDeps } from './merchant-deps.js';
import { MerchantSettings } from './merchant-settings.js';
import { completeFeeOrder } from './onboarding.js';
import { syncAllMerchantRoles, syncMerchantRole, syncRoleBinding } from './role-sync.js';
import { merchantSettingsOperations } from './settings-operations.js';
import { Merchant } from './types.js';
import { merchantUcOperations } from './uc-operations.js';

/** The merchant family at run time: its deps and a promise for the work started so far (tests wait on it). */
export interface MerchantModule {
  deps: MerchantDeps;
  settled(): Promise<void>;
}

/**
 * Wires the merchant family: settings, user-center and console operations, the follow-up of paid
 * account-opening fees, and the controllers that keep role bindings in step with merchant status.
 */
export function startMerchants(context: PluginContext, orderDeps: OrderDeps): MerchantModule {
  const deps: MerchantDeps = { ...orderDeps, merchantSettings: new MerchantSettings(context.settings) };
  for (const op of [...merchantSettingsOperations(deps), ...merchantUcOperations(deps), ...merchantConsoleOperations(deps)])
    context.addOperation(op);

  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const p = work
      .catch((err: Error) => deps.logger.error({ err: err.message }, 'merchant follow-up failed'))
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  // A paid fee order creates its merchant after the payment committed; a crash in between is caught up at start.
  const unfollow = deps.orderEvents.onCommitted((event) => {
    if (event.to === 'SUCCESS' && isFeeOrder(event.order)) track(completeFeeOrder(deps, event.order));
  });
  track(
    (async () => {
      for await (const order of paidFeeOrders(deps)) await completeFeeOrder(deps, order);
    })(),
  );

  const stopMerchants = context.controllers.register({
    name: 'payment-merchant-role',
    kind: Merchant,
    reconcile: (name) => syncMerchantRole(deps, name),
  });
  const stopBindings = context.controllers.register({
    name: 'payment-merchant-role-bindings',
    kind: HostRoleBinding,
    reconcile: (name) => syncRoleBinding(deps, name),
  });
  let role: string | undefined;
  void deps.merchantSettings.read().then((s) => (role = s.merchantRole));
  const unwatch = deps.merchantSettings.onChange(() => {
    track(
      deps.merchantSettings.read().then(async (s) => {
        if (role === undefined || s.merchantRole === role) return void (role = s.merchantRole);
        role = s.merchantRole;
        await syncAllMerchantRoles(deps);
      }),
    );
  });
  context.onStop(async () => {
    unfollow();
    unwatch();
    await Promise.allSettled([...pending]);
    await stopMerchants();
    await stopBindings();
  });
  return { deps, settled: async () => void (await Promise.allSettled([...pending])) };
}
