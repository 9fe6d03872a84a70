import { HostRoleBinding, isAppError, type ObjectOf } from '../../host/sdk/index.js';
import type { MerchantDeps } from './merchant-deps.js';
import { Merchant } from './types.js';

type RoleBinding = ObjectOf<typeof HostRoleBinding>;

/** The binding the service owns per merchant: `payment-merchant-<user>`. */
export const BINDING_PREFIX = 'payment-merchant-';

export function merchantBindingName(username: string): string {
  return `${BINDING_PREFIX}${username}`;
}

/**
 * Level-triggered: makes the role bindings match the merchant's status now. ACTIVE holds exactly one binding
 * of the configured merchant role (`payment-merchant-<user>`); any other status, or no merchant, holds none
 * of ours, and the user is taken out of the host-style binding an administrator may have made by hand
 * (`<user>-<role>-binding`). Safe to run any number of times, in any process.
 */
export async function syncMerchantRole(deps: MerchantDeps, username: string): Promise<void> {
  const merchant = await deps.client.fetch(Merchant, username);
  const { merchantRole } = await deps.merchantSettings.read();
  const active = merchant?.spec.status === 'ACTIVE' && !merchant.metadata.deletionTimestamp;
  const name = merchantBindingName(username);
  const binding = await deps.client.fetch(HostRoleBinding, name);
  if (active) {
    if (binding && !holdsExactly(binding, username, merchantRole)) await deleteQuietly(deps, name);
    if (!binding || !holdsExactly(binding, username, merchantRole)) await createBinding(deps, username, merchantRole);
  } else {
    if (binding) await deleteQuietly(deps, name);
    if (merchant) await removeFromBinding(deps, `${username}-${merchantRole}-binding`, username, merchantRole);
  }
  if (merchant && merchant.status?.roleBound !== active) {
    await deps.client.patch(Merchant, username, { status: { roleBound: active } }).catch(() => undefined);
  }
}

/**
 * A RoleBinding changed: ours leads back to its merchant (a deleted one is recreated); another binding of the
 * merchant role loses the users whose merchant is not ACTIVE. Users without a merchant are the
 * administrator's business and stay.
 */
export async function syncRoleBinding(deps: MerchantDeps, bindingName: string): Promise<void> {
  if (bindingName.startsWith(BINDING_PREFIX)) return syncMerchantRole(deps, bindingName.slice(BINDING_PREFIX.length));
  const binding = await deps.client.fetch(HostRoleBinding, bindingName);
  const { merchantRole } = await deps.merchantSettings.read();
  if (!binding || binding.roleRef?.name !== merchantRole) return;
  for (const subject of binding.subjects ?? []) {
    if (subject.kind !== 'User') continue;
    const merchant = await deps.client.fetch(Merchant, subject.name);
    if (merchant && merchant.spec.status !== 'ACTIVE') await removeFromBinding(deps, bindingName, subject.name, merchantRole);
  }
}

/** Every merchant again (the merchant-role setting changed). */
export async function syncAllMerchantRoles(deps: MerchantDeps): Promise<void> {
  for await (const merchant of deps.client.listAll(Merchant)) await syncMerchantRole(deps, merchant.metadata.name);
}

function holdsExactly(binding: RoleBinding, username: string, role: string): boolean {
  const subjects = binding.subjects ?? [];
  return binding.roleRef?.name === role && subjects.length === 1 && subjects[0].kind === 'User' && subjects[0].name === username;
}

async function createBinding(deps: MerchantDeps, username: string, role: string): Promise<void> {
  try {
    await deps.client.create(HostRoleBinding, {
      metadata: { name: merchantBindingName(username), labels: { 'payment.authpay.dev/merchant': username } },
      subjects: [{ kind: 'User', name: username }],
      roleRef: { kind: 'Role', name: role },
    });
  } catch (err) {
    if (!isAppError(err) || err.code !== 'ALREADY_EXISTS') throw err;
  }
}

async function deleteQuietly(deps: MerchantDeps, name: string): Promise<void> {
  try {
    await deps.client.delete(HostRoleBinding, name);
  } catch (err) {
    if (!isAppError(err) || err.code !== 'NOT_FOUND') throw err;
  }
}

async function removeFromBinding(deps: MerchantDeps, name: string, username: string, role: string): Promise<void> {
  const binding = await deps.client.fetch(HostRoleBinding, name);
  if (!binding || binding.roleRef?.name !== role) return;
  const subjects = (binding.subjects ?? []).filter((s) => !(s.kind === 'User' && s.name === username));
  if (subjects.length === (binding.subjects ?? []).length) return;
  if (subjects.length === 0) await deleteQuietly(deps, name);
  else await deps.client.update({ ...binding, subjects });
}
