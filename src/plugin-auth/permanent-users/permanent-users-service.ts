import { and, AppError, eq, listResult, NotFoundError, or } from '../../host/sdk/index.js';
import type { Clock, ExtensionClient, ListResult } from '../../host/sdk/index.js';
import { requirePlugin } from '../catalog/find-plugin.js';
import { nowStamp } from '../timestamps/whole-second.js';
import { requireUser } from '../users/user-lookup.js';
import { permanentUserName } from './permanent-user-name.js';
import { PermanentAuthUser, type PermanentUser, type PermanentUserSpec } from './types.js';

/** Whether the user holds a long-term entitlement for the plugin (read by the derived name). */
export async function hasEntitlement(client: ExtensionClient, pluginKey: string, authUser: string): Promise<boolean> {
  return (await client.fetch(PermanentAuthUser, permanentUserName(pluginKey, authUser))) !== undefined;
}

/**
 * Grants the entitlement unless it exists (then the existing one is returned): code redemption and the
 * administrator both call this, so a pair never has two.
 */
export async function grantEntitlement(
  client: ExtensionClient,
  spec: Omit<PermanentUserSpec, 'authTime'>,
  clock: Clock,
): Promise<{ user: PermanentUser; created: boolean }> {
  const name = permanentUserName(spec.pluginKey, spec.authUser);
  return client.transaction(async () => {
    const existing = await client.fetch(PermanentAuthUser, name);
    if (existing) return { user: existing, created: false };
    const user = await client.create(PermanentAuthUser, { metadata: { name }, spec: { ...spec, authTime: nowStamp(clock) } });
    return { user, created: true };
  });
}

/** Administrator: plugin and user must exist; a second grant for the pair is a conflict. */
export async function createPermanentUser(
  client: ExtensionClient,
  input: { pluginKey: string; authUser: string; createdBy: string },
  clock: Clock,
): Promise<PermanentUser> {
  await requirePlugin(client, input.pluginKey);
  await requireUser(client, input.authUser);
  const { user, created } = await grantEntitlement(
    client,
    { pluginKey: input.pluginKey, authUser: input.authUser, source: 'MANUAL', createdBy: input.createdBy },
    clock,
  );
  if (!created)
    throw new AppError('ALREADY_EXISTS', '该用户已拥有此插件的永久授权', {
      status: 409,
      messageEn: 'the user already holds a permanent entitlement for this plugin',
      details: [
        {
          field: 'authUser',
          message: '该用户已拥有此插件的永久授权',
          messageEn: 'This user already holds a permanent entitlement for this plugin.',
        },
      ],
    });
  return user;
}

/** Removes only the entitlement; the user's authorization records stay as they are (spec). */
export async function deletePermanentUser(client: ExtensionClient, name: string): Promise<{ name: string }> {
  if (!(await client.fetch(PermanentAuthUser, name))) throw new NotFoundError(PermanentAuthUser.kind, name);
  await client.delete(PermanentAuthUser, name);
  return { name };
}

export interface PermanentUserFilter {
  pluginKey?: string;
  authUser?: string;
  keyword?: string;
  page: number;
  size: number;
}

export async function listPermanentUsers(client: ExtensionClient, f: PermanentUserFilter): Promise<ListResult<PermanentUser>> {
  const keyword = f.keyword?.trim();
  const where = and(
    f.pluginKey ? eq('spec.pluginKey', f.pluginKey) : undefined,
    f.authUser ? eq('spec.authUser', f.authUser) : undefined,
    keyword
      ? or({ op: 'contains', field: 'spec.pluginKey', value: keyword }, { op: 'contains', field: 'spec.authUser', value: keyword })
      : undefined,
  );
  const sort = [{ field: 'spec.authTime', direction: 'desc' as const }];
  const found = await client.list(PermanentAuthUser, { where, sort, page: f.page, size: f.size });
  return listResult(
    client.viewItems(PermanentAuthUser, found.items, (u) => u),
    found.total ?? 0,
    f.page,
    f.size,
  );
}
