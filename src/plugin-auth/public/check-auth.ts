import { BoundedCache } from '../../host/sdk/index.js';
import { recordForDomain } from '../auth-log/record-lookup.js';
import { stateOf, type RecordState } from '../auth-log/record-state.js';
import { SitePluginAuthLog, type AuthLog } from '../auth-log/types.js';
import { isPermanentExpireTime } from '../auth-log/validity.js';
import { parseDomain } from '../domain-name/normalize-domain.js';
import type { LicenseClaims } from '../license/license-format.js';
import { recordLicenseLock } from '../deps/lock-keys.js';
import type { OpenApiDeps } from './deps.js';
import { licenseRef } from './license-ref.js';

export type CheckAuthCode = RecordState | 'LICENSE_MISMATCH' | 'PLUGIN_NOT_FOUND';

export interface CheckAuthInput {
  pluginKey: string;
  authDomain: string;
  /** The license the plugin holds; absent or empty asks for a new one. */
  license?: string;
  nonce?: string;
}

/** data of a checkAuth answer (signed with the body). */
export interface CheckAuthAnswer {
  valid: boolean;
  code: CheckAuthCode;
  pluginKey: string;
  /** The normalized host that was checked. */
  authDomain: string;
  expireTime?: string;
  permanent?: boolean;
  license?: string;
  nonce?: string;
}

/**
 * checkAuth (spec "Rules for /public/checkAuth", DESIGN): the state of the host's record, and with a
 * license given, whether it is the record's current license, verifies with the service's key and names this
 * plugin and host. With a license the record is found by its deterministic name from the license's claims
 * (one primary-key read) and nothing is written; without one a valid record gets a new license written back.
 * Throws only INVALID_DOMAIN for a domain that is not a host.
 */
export async function checkAuth(deps: OpenApiDeps, input: CheckAuthInput): Promise<CheckAuthAnswer> {
  const host = hostOf(input.authDomain);
  const base = { pluginKey: input.pluginKey, authDomain: host };
  const answer = (code: CheckAuthCode, extra: Partial<CheckAuthAnswer> = {}): CheckAuthAnswer => ({
    valid: code === 'VALID',
    code,
    ...base,
    ...extra,
    ...(input.nonce ? { nonce: input.nonce } : {}),
  });
  if (!(await deps.catalog.find(input.pluginKey))) return answer('PLUGIN_NOT_FOUND');
  const now = deps.clock.now();
  const ref = input.license ? licenseRef(input.license) : undefined;
  let record = ref && namesThis(ref.claims, input.pluginKey, host) ? await deps.records.get(ref.recordName) : undefined;
  record ??= await recordForDomain(deps.client, input.pluginKey, host, now);
  const state = stateOf(record, now);
  if (state !== 'VALID') return answer(state, record?.spec.expireTime ? { expireTime: record.spec.expireTime } : {});
  if (!input.license) return withNewLicense(deps, (record as AuthLog).metadata.name, answer);
  const { spec } = record as AuthLog;
  const times = { expireTime: spec.expireTime, permanent: isPermanentExpireTime(spec.expireTime) };
  if (spec.license !== input.license) return answer('LICENSE_MISMATCH', times);
  const check = await deps.authority.check(input.license, { pluginKey: input.pluginKey, domain: host, user: spec.authUser });
  if (check.valid) return answer('VALID', { ...times, license: input.license });
  return answer(check.code === 'EXPIRED' ? 'EXPIRED' : 'LICENSE_MISMATCH', times);
}

/** Normalized hosts by what plugins send: parseDomain is pure and costs a few µs (IDN mapping) per call. */
const hostMemo = new BoundedCache<string, string>(10_000);
/** Longer inputs (URLs with paths) are parsed each time, so junk cannot fill the memo with large strings. */
const MAX_MEMO_DOMAIN = 255;

function hostOf(authDomain: string): string {
  let host = hostMemo.get(authDomain);
  if (host === undefined) {
    host = parseDomain(authDomain).host;
    if (authDomain.length <= MAX_MEMO_DOMAIN) hostMemo.set(authDomain, host);
  }
  return host;
}

function namesThis(claims: LicenseClaims, pluginKey: string, host: string): boolean {
  return claims.aud === pluginKey && claims.domain === host && claims.sub.length > 0;
}

type Answer = (code: CheckAuthCode, extra?: Partial<CheckAuthAnswer>) => CheckAuthAnswer;

/**
 * Spec rule 2: a valid record asked without a license gets a new one, stored in the record. Read, issue and
 * write run in one store transaction under the record's license lock, so concurrent calls for one record (on
 * any replica) each store their license in turn instead of failing on a stale resourceVersion; the state is
 * decided on the fresh read.
 */
async function withNewLicense(deps: OpenApiDeps, name: string, answer: Answer): Promise<CheckAuthAnswer> {
  return deps.client.transaction(async (client) => {
    await client.lock(recordLicenseLock(name));
    const found = await client.fetch(SitePluginAuthLog, name);
    const record = found && client.wellFormed(SitePluginAuthLog, found) ? found : undefined;
    const state = stateOf(record, deps.clock.now());
    if (!record || state !== 'VALID') return answer(state);
    const { spec } = record;
    const license = await deps.authority.issue({
      pluginKey: spec.pluginKey,
      domain: spec.authDomain,
      user: spec.authUser,
      expireTime: spec.expireTime as string,
    });
    await client.update({ ...record, spec: { ...spec, license } });
    return answer('VALID', { expireTime: spec.expireTime, permanent: isPermanentExpireTime(spec.expireTime), license });
  });
}
