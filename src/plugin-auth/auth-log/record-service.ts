import { AppError, runInChunks } from '../../host/sdk/index.js';
import { requirePlugin } from '../catalog/find-plugin.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { normalizeDomain } from '../domain-name/normalize-domain.js';
import { requireUser } from '../users/user-lookup.js';
import { fillManualTimes } from './grant-times.js';
import { recordNotFound, recordsNotFound } from './record-errors.js';
import { recordName } from './record-name.js';
import { storedTime } from './record-times.js';
import { notifyStatusChange } from './status-notification.js';
import { applyMove, type Move } from './transitions.js';
import { SitePluginAuthLog, type AuthLog, type AuthLogSpec } from './types.js';

/** What an administrator enters: the record's fields as they will be stored. */
export type ManualRecordInput = AuthLogSpec;

/**
 * Administrator creates a record by hand (spec last row): plugin and user must exist, one record per
 * triple; authorized without times gets now and now + 3 years. Limits are the users' rule, not the
 * administrator's, so they do not apply here.
 */
export async function createAuthLog(deps: PluginAuthDeps, input: ManualRecordInput): Promise<AuthLog> {
  const domain = normalizeDomain(input.authDomain);
  const times = { authTime: storedTime(input.authTime, 'authTime'), expireTime: storedTime(input.expireTime, 'expireTime') };
  const spec = withoutEmpty(fillManualTimes({ ...input, authDomain: domain, ...times }, deps.clock));
  const name = recordName({ pluginKey: input.pluginKey, domain, user: input.authUser });
  return deps.client.transaction(async () => {
    const plugin = await requirePlugin(deps.client, input.pluginKey);
    await requireUser(deps.client, input.authUser);
    if (await deps.client.fetch(SitePluginAuthLog, name)) throw recordExists(name);
    const record = await deps.client.create(SitePluginAuthLog, { metadata: { name }, spec });
    if (record.spec.authStatus === 1) await notifyStatusChange(deps, { after: record, reason: 'MANUAL', pluginName: plugin.spec.name });
    return record;
  });
}

export interface RecordEdit {
  authStatus?: 0 | 1;
  authTime?: string | null;
  expireTime?: string | null;
  license?: string | null;
  resourceVersion?: string;
}

/**
 * Administrator edits status, times or license. The triple is fixed (the name is derived from it). Setting
 * authStatus 1 without times fills them as manual creation does; null clears a time. A status change notifies the user.
 */
export async function updateAuthLog(deps: PluginAuthDeps, name: string, edit: RecordEdit): Promise<AuthLog> {
  return deps.client.transaction(async () => {
    const current = await requireRecord(deps, name);
    if (edit.resourceVersion && edit.resourceVersion !== current.metadata.resourceVersion) {
      throw new AppError('CONFLICT', '记录已被修改，请刷新后重试', { messageEn: 'the record has changed; reload and try again' });
    }
    const next: AuthLogSpec = { ...current.spec };
    if (edit.authStatus !== undefined) next.authStatus = edit.authStatus;
    if (edit.authTime !== undefined) next.authTime = storedTime(edit.authTime, 'authTime');
    if (edit.expireTime !== undefined) next.expireTime = storedTime(edit.expireTime, 'expireTime');
    if (edit.license !== undefined) next.license = edit.license || undefined;
    // An administrator authorizing a public-API record vouches for it, as the authorize moves do.
    if (next.authStatus === 1) next.unconfirmed = undefined;
    const spec = withoutEmpty(editedTimes(current.spec, next, deps.clock));
    const written = await deps.client.update({ ...current, spec });
    await notifyStatusChange(deps, { before: current.spec, after: written, reason: 'EDIT' });
    return written;
  });
}

/**
 * Times after an edit. Authorizing (status 0 → 1) without times fills the missing ones as manual creation does
 * (now, now + 3 years; the console sends its empty fields as null then). Otherwise null clears a time, also on an
 * authorized record (which the cleanup job then treats as expired, as the spec says).
 */
function editedTimes(before: AuthLogSpec, next: AuthLogSpec, clock: PluginAuthDeps['clock']): AuthLogSpec {
  return before.authStatus !== 1 && next.authStatus === 1 ? fillManualTimes(next, clock) : next;
}

/** Single authorize (0 → 1, now + 3 years); an authorized record is returned as it is. */
export async function authorizeAuthLog(deps: PluginAuthDeps, name: string): Promise<AuthLog> {
  return deps.client.transaction(async () => (await applyMove(deps, await requireRecord(deps, name), { kind: 'AUTHORIZE' })).record);
}

export interface BatchResult {
  changed: string[];
  /** Records the move had nothing to do for (batch authorize: already authorized). */
  unchanged: string[];
}

/**
 * A batch move over named records: every name must exist (else nothing changes), then each record moves by
 * the state table in short transactions (runInChunks, about 15 ms each) so other writers go between them. A
 * record is read afresh in the transaction that moves it; one deleted in the meantime counts as unchanged,
 * and repeating a batch cut off by a crash finishes it (records already moved are unchanged).
 */
export async function moveBatch(deps: PluginAuthDeps, names: string[], move: Move): Promise<BatchResult> {
  const missing: string[] = [];
  for (const name of names) if (!(await deps.client.fetch(SitePluginAuthLog, name))) missing.push(name);
  if (missing.length) throw recordsNotFound(missing);
  const result: BatchResult = { changed: [], unchanged: [] };
  let next = 0;
  await runInChunks(deps.client, async () => {
    const name = names[next++];
    const record = await deps.client.fetch(SitePluginAuthLog, name);
    const changed = record ? (await applyMove(deps, record, move)).changed : false;
    (changed ? result.changed : result.unchanged).push(name);
    return next < names.length;
  });
  return result;
}

export async function deleteAuthLog(deps: PluginAuthDeps, name: string, owner?: string): Promise<{ name: string }> {
  return deps.client.transaction(async () => {
    const record = await requireRecord(deps, name);
    // A user-center caller only ever sees their own records; another's is "not found", not "forbidden".
    if (owner !== undefined && record.spec.authUser !== owner) throw recordNotFound(name);
    await deps.client.delete(SitePluginAuthLog, name);
    return { name };
  });
}

async function requireRecord(deps: PluginAuthDeps, name: string): Promise<AuthLog> {
  const record = await deps.client.fetch(SitePluginAuthLog, name);
  if (!record) throw recordNotFound(name);
  return record;
}

/** The spec without the fields that are undefined or empty (an empty time or license means "none"). */
function withoutEmpty(spec: AuthLogSpec): AuthLogSpec {
  const out = { ...spec };
  for (const [key, value] of Object.entries(out)) if (value === undefined || value === '') Reflect.deleteProperty(out, key);
  return out;
}

function recordExists(name: string): AppError {
  return new AppError('ALREADY_EXISTS', '该用户的此域名已有授权记录', {
    status: 409,
    messageEn: `a record for this plugin, domain and user already exists (${name})`,
    details: [{ field: 'authDomain', message: `已有授权记录 ${name}`, messageEn: `record ${name} exists` }],
  });
}
