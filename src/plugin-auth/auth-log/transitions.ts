import { AppError, type Clock } from '../../host/sdk/index.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { isExpiredForCleanup } from './cleanup-rule.js';
import { grantTimes, type Grant } from './grant-times.js';
import { notifyStatusChange, type ChangeReason } from './status-notification.js';
import type { AuthLog, AuthLogSpec } from './types.js';
import { isPermanentExpireTime } from './validity.js';

/**
 * Every authStatus move of the spec's state table, decided here and nowhere else:
 *
 * | move            | from                     | to | times                                  |
 * |-----------------|--------------------------|----|----------------------------------------|
 * | AUTHORIZE       | 0 (1: nothing to do)     | 1  | now, now + 3 years                     |
 * | BATCH_AUTHORIZE | 0 (1: skipped)           | 1  | now, now + 3 days                      |
 * | CANCEL          | 0 or 1                   | 0  | authTime and expireTime cleared        |
 * | FREE_CODE       | 0 (1: ALREADY_AUTHORIZED) | 1  | now, now + self-service days           |
 * | PERMANENT_CODE  | 0, or 1 not yet permanent | 1  | now, 2099-12-31T23:59:59Z              |
 * | EXPIRE          | 1 and expired (cleanup)  | 0  | kept, so the console shows "expired"   |
 * | PURCHASE        | 0, or 1 not yet permanent | 1  | now, 2099-12-31T23:59:59Z (a paid order) |
 * | REFUND          | 1 and permanent           | 0  | authTime and expireTime cleared        |
 *
 * A permanent code also upgrades a record that is authorized for a limited time: refusing a paid code
 * because a trial is still running would only make the buyer wait for the trial to lapse. A purchase does the
 * same for every pending or limited record of the buyer (records waiting for their user's confirmation stay
 * as they are), and a full refund of it cancels the permanent ones (docs/plugin-purchase.md).
 */
export type Move =
  | { kind: 'AUTHORIZE' }
  | { kind: 'BATCH_AUTHORIZE' }
  | { kind: 'CANCEL' }
  | { kind: 'FREE_CODE'; days: number }
  | { kind: 'PERMANENT_CODE' }
  | { kind: 'EXPIRE' }
  | { kind: 'PURCHASE' }
  | { kind: 'REFUND' };

const REASON: Record<Move['kind'], ChangeReason> = {
  AUTHORIZE: 'AUTHORIZE',
  BATCH_AUTHORIZE: 'BATCH_AUTHORIZE',
  CANCEL: 'BATCH_CANCEL',
  FREE_CODE: 'FREE_CODE',
  PERMANENT_CODE: 'PERMANENT_CODE',
  EXPIRE: 'CLEANUP',
  PURCHASE: 'PURCHASE',
  REFUND: 'REFUND',
};

/** The record's next spec, or undefined when the move has nothing to do from this state. */
export function nextSpec(spec: AuthLogSpec, move: Move, clock: Clock): AuthLogSpec | undefined {
  switch (move.kind) {
    case 'AUTHORIZE':
      return spec.authStatus === 0 ? granted(spec, { kind: 'SINGLE' }, clock) : undefined;
    case 'BATCH_AUTHORIZE':
      return spec.authStatus === 0 ? granted(spec, { kind: 'BATCH' }, clock) : undefined;
    case 'CANCEL':
      return spec.authStatus === 0 && !spec.authTime && !spec.expireTime ? undefined : cleared(spec);
    case 'FREE_CODE':
      if (spec.authStatus === 1) throw alreadyAuthorized();
      return granted(spec, { kind: 'SELF_SERVICE', days: move.days }, clock);
    case 'PERMANENT_CODE':
      if (spec.authStatus === 1 && isPermanentExpireTime(spec.expireTime)) throw alreadyAuthorized();
      return granted(spec, { kind: 'PERMANENT' }, clock);
    case 'EXPIRE':
      return isExpiredForCleanup(spec, clock.now()) ? { ...spec, authStatus: 0 } : undefined;
    case 'PURCHASE':
      if (spec.unconfirmed || (spec.authStatus === 1 && isPermanentExpireTime(spec.expireTime))) return undefined;
      return granted(spec, { kind: 'PERMANENT' }, clock);
    case 'REFUND':
      return spec.authStatus === 1 && isPermanentExpireTime(spec.expireTime) ? cleared(spec) : undefined;
  }
}

/**
 * Applies a move to a stored record: writes it (optimistic, on the version read) and queues its
 * auth-notification in the same transaction. Returns the record unchanged when the move has nothing to do.
 */
export async function applyMove(
  deps: PluginAuthDeps,
  record: AuthLog,
  move: Move,
  pluginName?: string,
  options: { notify?: boolean } = {},
): Promise<{ record: AuthLog; changed: boolean }> {
  const spec = nextSpec(record.spec, move, deps.clock);
  if (!spec) return { record, changed: false };
  return deps.client.transaction(async () => {
    const written = await deps.client.update({ ...record, spec }, { read: record });
    // A purchase tells its buyer once, naming every domain it moved, instead of one message per record.
    if (options.notify ?? true)
      await notifyStatusChange(deps, { before: record.spec, after: written, reason: REASON[move.kind], pluginName });
    return { record: written, changed: true };
  });
}

/** Authorized by a trusted hand (an administrator, a code): a public-API record is no longer unconfirmed. */
function granted(spec: AuthLogSpec, grant: Grant, clock: Clock): AuthLogSpec {
  const { unconfirmed: _unconfirmed, ...rest } = spec;
  return { ...rest, authStatus: 1, ...grantTimes(grant, clock) };
}

function cleared(spec: AuthLogSpec): AuthLogSpec {
  const { authTime: _a, expireTime: _e, ...rest } = spec;
  return { ...rest, authStatus: 0 };
}

function alreadyAuthorized(): AppError {
  return new AppError('ALREADY_AUTHORIZED', '该域名已授权，无需激活', {
    status: 409,
    messageEn: 'this domain is already authorized; the code was not used',
    details: [
      {
        field: 'code',
        message: '该域名已授权，授权码未使用',
        messageEn: 'This domain is already authorized; the code was not used.',
        reason: 'ALREADY_AUTHORIZED',
      },
    ],
  });
}
