import crypto from 'node:crypto';
import type { ExtensionClient } from '../client/extension-client.js';
import { AppError } from '../errors/app-error.js';
import type { RoleIndex } from './role-index.js';
import { Role, RoleBinding, type RoleBindingFields } from './types.js';

/** `{user}-{role}-binding`, shortened with a hash when the two names together are too long. */
export function bindingName(username: string, role: string): string {
  const plain = `${username}-${role}-binding`;
  if (plain.length <= 253) return plain;
  const hash = crypto.createHash('sha256').update(`${username}\n${role}`).digest('hex').slice(0, 10);
  return `${username.slice(0, 60)}-${role.slice(0, 160)}-${hash}`;
}

export function bindingOf(username: string, role: string): RoleBindingFields & { metadata: { name: string } } {
  return {
    metadata: { name: bindingName(username, role) },
    subjects: [{ kind: 'User', name: username }],
    roleRef: { kind: 'Role', name: role },
  };
}

/** Binds a role to a user; binding twice is a no-op. */
export async function bindRole(client: ExtensionClient, username: string, role: string): Promise<void> {
  try {
    await client.create(RoleBinding, bindingOf(username, role));
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'ALREADY_EXISTS') throw err;
  }
}

/** Refuses unknown role names (before any write); returns the distinct names, sorted. */
export async function assertRolesExist(client: ExtensionClient, roles: string[]): Promise<string[]> {
  const wanted = [...new Set(roles)].sort();
  const missing: string[] = [];
  for (const role of wanted) if (!(await client.fetch(Role, role))) missing.push(role);
  if (missing.length) {
    throw new AppError('VALIDATION_FAILED', `角色不存在: ${missing.join(', ')}`, {
      messageEn: `unknown roles: ${missing.join(', ')}`,
      details: missing.map((r) => ({ field: 'roles', message: `角色 "${r}" 不存在`, messageEn: `role "${r}" does not exist` })),
    });
  }
  return wanted;
}

/**
 * Makes the user's roles exactly `roles`: creates missing bindings and removes the user from bindings of
 * other roles (a binding left without subjects is deleted). Unknown roles are refused before any write.
 */
export async function setUserRoles(client: ExtensionClient, index: RoleIndex, username: string, roles: string[]): Promise<string[]> {
  const wanted = await assertRolesExist(client, roles);
  await client.transaction(async () => {
    for (const binding of await bindingsOfUser(client, index, username)) {
      if (wanted.includes(binding.roleRef.name)) continue;
      const subjects = binding.subjects.filter((s) => !(s.kind === 'User' && s.name === username));
      if (subjects.length) await client.update({ ...binding, subjects });
      else await client.delete(RoleBinding, binding.metadata.name);
    }
    // Look before creating: inside a transaction a failed insert would abort it on PostgreSQL.
    for (const role of wanted)
      if (!(await client.fetch(RoleBinding, bindingName(username, role)))) await client.create(RoleBinding, bindingOf(username, role));
  });
  return wanted;
}

/**
 * Every binding naming the user: names come from the watch-fed index (no scan of all bindings), objects are
 * read from the store so the update works on committed state.
 */
async function bindingsOfUser(client: ExtensionClient, index: RoleIndex, username: string): Promise<RoleBinding[]> {
  const found: RoleBinding[] = [];
  for (const name of index.bindingNamesOf(username)) {
    const b = await client.fetch(RoleBinding, name);
    if (b?.subjects?.some((s) => s.kind === 'User' && s.name === username)) found.push(b);
  }
  return found;
}
