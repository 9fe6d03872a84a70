import { applyMove } from '../auth-log/transitions.js';
import type { AuthLog } from '../auth-log/types.js';
import { requirePlugin } from '../catalog/find-plugin.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { grantEntitlement } from '../permanent-users/permanent-users-service.js';
import { nowStamp } from '../timestamps/whole-second.js';
import { codeResourceName } from './code-names.js';
import { assertFreeCodeRedeemable } from './free-code-redemption.js';
import { assertPermanentCodeRedeemable } from './permanent-code-redemption.js';
import { FreeAuthCode, PermanentAuthCode } from './types.js';

/**
 * Redeems a permanent code for the caller's record: checks it (PENDING, not past expiresAt, same plugin,
 * restricted user), authorizes the record until 2099-12-31T23:59:59Z, marks the code USED with authUser and
 * authTime, and grants the permanent entitlement. Run it inside the caller's transaction, holding the code's
 * lock (codeLock, see activateAuthorization): under any concurrency one code is redeemed once.
 */
export async function redeemPermanentCode(deps: PluginAuthDeps, record: AuthLog, code: string): Promise<AuthLog> {
  const { client } = deps;
  const stored = await client.fetch(PermanentAuthCode, codeResourceName(code));
  const user = record.spec.authUser;
  assertPermanentCodeRedeemable(stored?.spec, { pluginKey: record.spec.pluginKey, user }, deps.clock.now());
  const { record: authorized } = await applyMove(deps, record, { kind: 'PERMANENT_CODE' });
  const now = nowStamp(deps.clock);
  const used = { status: 'USED' as const, authUser: user, authTime: now, authDomain: record.spec.authDomain };
  await client.update({ ...stored!, spec: { ...stored!.spec, ...used } });
  await grantEntitlement(client, { pluginKey: record.spec.pluginKey, authUser: user, source: 'CODE', code: stored!.spec.code }, deps.clock);
  return authorized;
}

/**
 * Redeems a temporary free code: younger than 5 minutes, unused, for this plugin when bound, and only for
 * plugins priced 0 or 9999. The record is authorized for the self-service days setting; the code is used up.
 * Run it inside the caller's transaction, holding the code's lock (codeLock).
 */
export async function redeemFreeCode(deps: PluginAuthDeps, record: AuthLog, code: string): Promise<AuthLog> {
  const { client } = deps;
  const stored = await client.fetch(FreeAuthCode, codeResourceName(code));
  const plugin = await requirePlugin(client, record.spec.pluginKey);
  assertFreeCodeRedeemable(stored?.spec, { pluginKey: plugin.spec.key, price: plugin.spec.price }, deps.clock.now());
  const { selfServiceDays } = await deps.settings.read();
  const { record: authorized } = await applyMove(deps, record, { kind: 'FREE_CODE', days: selfServiceDays }, plugin.spec.name);
  const now = nowStamp(deps.clock);
  const used = { used: true, usedBy: record.spec.authUser, usedAt: now, authDomain: record.spec.authDomain };
  await client.update({ ...stored!, spec: { ...stored!.spec, ...used } });
  return authorized;
}
