import { and, eq, isAppError } from '../../host/sdk/index.js';
import { nowStamp } from '../timestamps/whole-second.js';
import { applyMove, type Move } from '../auth-log/transitions.js';
import { SitePluginAuthLog } from '../auth-log/types.js';
import { findPluginByKey } from '../catalog/find-plugin.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { permanentUserName } from '../permanent-users/permanent-user-name.js';
import { grantEntitlement, hasEntitlement } from '../permanent-users/permanent-users-service.js';
import { PermanentAuthUser } from '../permanent-users/types.js';
import { userExists } from '../users/user-lookup.js';
import { amountText, type PaymentOrder } from './payment-contract.js';
import {
  notifyPurchase,
  PURCHASE_GRANTED_TEMPLATE,
  PURCHASE_NOT_GRANTED_TEMPLATE,
  PURCHASE_REFUNDED_TEMPLATE,
} from './purchase-notification.js';
import type { PurchaseRefs } from './purchase-refs.js';
import { PluginPurchase, type NotGrantedReason, type PluginPurchaseSpec } from './types.js';

const MAX_DOMAINS = 1000;

/**
 * A paid order of a plugin purchase: grants the buyer's PermanentAuthUser, authorizes their pending and
 * limited records of the plugin permanently, writes the PluginPurchase and queues one message — all in one
 * transaction that starts by looking for the PluginPurchase of this order. Replays, restarts and a second
 * replica find it and do nothing; a crash before the commit leaves nothing, and the next reconcile grants.
 * A plugin deleted or a user gone meanwhile, or an entitlement the buyer got otherwise, grant nothing
 * (NOT_GRANTED, and the buyer is told whom to ask for a refund).
 */
export async function grantPurchase(deps: PluginAuthDeps, order: PaymentOrder, refs: PurchaseRefs): Promise<void> {
  await onceOnly(() =>
    deps.client.transaction(async () => {
      if (await deps.client.fetch(PluginPurchase, order.metadata.name)) return;
      const plugin = await findPluginByKey(deps.client, refs.pluginKey);
      const pluginName = plugin?.spec.name ?? refs.pluginKey;
      const reason = await refusal(deps, refs, plugin !== undefined && !plugin.metadata.deletionTimestamp);
      if (reason) {
        const spec = { ...purchaseSpec(order, refs), phase: 'NOT_GRANTED' as const, reason };
        await deps.client.create(PluginPurchase, { metadata: { name: order.metadata.name }, spec });
        if (reason !== 'USER_GONE') await notifyPurchase(deps, PURCHASE_NOT_GRANTED_TEMPLATE, spec, pluginName);
        return;
      }
      await grantEntitlement(
        deps.client,
        { pluginKey: refs.pluginKey, authUser: refs.user, source: 'PURCHASE', paymentId: order.spec.paymentId },
        deps.clock,
      );
      const authorizedDomains = await moveRecords(deps, refs, { kind: 'PURCHASE' }, pluginName);
      const spec: PluginPurchaseSpec = {
        ...purchaseSpec(order, refs),
        phase: 'GRANTED',
        grantedAt: nowStamp(deps.clock),
        authorizedDomains,
      };
      await deps.client.create(PluginPurchase, { metadata: { name: order.metadata.name }, spec });
      await notifyPurchase(deps, PURCHASE_GRANTED_TEMPLATE, spec, pluginName);
    }),
  );
}

/**
 * A fully refunded order: the entitlement it granted goes, and with it the permanent authorizations of the
 * buyer's records of the plugin (they came from it), and the buyer is told — in one transaction that moves the
 * PluginPurchase from GRANTED to REVOKED, so it happens once. An entitlement the buyer holds from another
 * purchase, a code or an administrator is left alone, and so are the records. Refunded before it was granted
 * (the grant never ran): recorded as NOT_GRANTED, nothing to withdraw.
 */
export async function revokePurchase(deps: PluginAuthDeps, order: PaymentOrder, refs: PurchaseRefs): Promise<void> {
  await onceOnly(() =>
    deps.client.transaction(async () => {
      const purchase = await deps.client.fetch(PluginPurchase, order.metadata.name);
      if (!purchase) {
        const spec = { ...purchaseSpec(order, refs), phase: 'NOT_GRANTED' as const, reason: 'REFUNDED' as const };
        return void (await deps.client.create(PluginPurchase, { metadata: { name: order.metadata.name }, spec }));
      }
      if (purchase.spec.phase !== 'GRANTED') return;
      const pluginName = (await findPluginByKey(deps.client, refs.pluginKey))?.spec.name ?? refs.pluginKey;
      const entitlement = await deps.client.fetch(PermanentAuthUser, permanentUserName(refs.pluginKey, refs.user));
      const ours = entitlement?.spec.source === 'PURCHASE' && entitlement.spec.paymentId === order.spec.paymentId;
      if (ours) await deps.client.delete(PermanentAuthUser, entitlement.metadata.name);
      const revokedDomains = ours ? await moveRecords(deps, refs, { kind: 'REFUND' }, pluginName) : [];
      const spec: PluginPurchaseSpec = { ...purchase.spec, phase: 'REVOKED', revokedAt: nowStamp(deps.clock), revokedDomains };
      await deps.client.update({ ...purchase, spec }, { read: purchase });
      await notifyPurchase(deps, PURCHASE_REFUNDED_TEMPLATE, spec, pluginName);
    }),
  );
}

async function refusal(deps: PluginAuthDeps, refs: PurchaseRefs, pluginLive: boolean): Promise<NotGrantedReason | undefined> {
  if (!(await userExists(deps.client, refs.user))) return 'USER_GONE';
  if (!pluginLive) return 'PLUGIN_GONE';
  if (await hasEntitlement(deps.client, refs.pluginKey, refs.user)) return 'ALREADY_ENTITLED';
  return undefined;
}

/** Moves each of the buyer's records of the plugin (quietly: the purchase message names them); the domains moved. */
async function moveRecords(deps: PluginAuthDeps, refs: PurchaseRefs, move: Move, pluginName: string): Promise<string[]> {
  const moved: string[] = [];
  const where = and(eq('spec.pluginKey', refs.pluginKey), eq('spec.authUser', refs.user));
  for await (const record of deps.client.listAll(SitePluginAuthLog, where)) {
    const { changed } = await applyMove(deps, record, move, pluginName, { notify: false });
    if (changed) moved.push(record.spec.authDomain);
  }
  return moved.slice(0, MAX_DOMAINS);
}

function purchaseSpec(order: PaymentOrder, refs: PurchaseRefs): Omit<PluginPurchaseSpec, 'phase'> {
  return {
    pluginKey: refs.pluginKey,
    authUser: refs.user,
    paymentId: order.spec.paymentId,
    orderId: order.spec.orderId,
    amount: amountText(order.spec.paymentAmount),
    currency: order.spec.currency,
  };
}

/** Two writers of one order's PluginPurchase (never at once on one store; still): the second's work rolls back. */
async function onceOnly(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (!isAppError(err) || err.code !== 'ALREADY_EXISTS') throw err;
  }
}
