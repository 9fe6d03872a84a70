import { AppError } from '../../host/sdk/index.js';
import { recordNotFound } from '../auth-log/record-errors.js';
import { recordOf } from '../auth-log/record-lookup.js';
import { recordName } from '../auth-log/record-name.js';
import { stateOf } from '../auth-log/record-state.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { tryParseDomain } from '../domain-name/normalize-domain.js';
import type { LicenseAuthority } from './license-authority.js';

export interface DownloadInput {
  pluginKey: string;
  authDomain: string;
  /** The logged-in caller: only the record's authUser may download. */
  user: string;
}

/**
 * Spec "License download": the caller's own record of this plugin and exactly this domain (as stored: the
 * host, no scheme or upper case), authorized and not expired, gets a new license that is stored in the
 * record and returned. Another user's record reads as not found (user-center convention).
 */
export async function downloadLicense(deps: PluginAuthDeps, authority: LicenseAuthority, input: DownloadInput): Promise<string> {
  if (tryParseDomain(input.authDomain)?.host !== input.authDomain) throw domainNotIdentical(input.authDomain);
  const record = await recordOf(deps.client, input.pluginKey, input.authDomain, input.user);
  if (!record) throw recordNotFound(recordName({ pluginKey: input.pluginKey, domain: input.authDomain, user: input.user }));
  if (stateOf(record, deps.clock.now()) !== 'VALID') throw notAuthorized();
  const { spec } = record;
  const license = await authority.issue({
    pluginKey: spec.pluginKey,
    domain: spec.authDomain,
    user: spec.authUser,
    expireTime: spec.expireTime as string,
  });
  // Written against the version read: a concurrent change (cancel, cleanup) wins and this call fails with 409.
  await deps.client.update({ ...record, spec: { ...spec, license } });
  return license;
}

function domainNotIdentical(authDomain: string): AppError {
  return new AppError('DOMAIN_NOT_IDENTICAL', '域名与授权记录不一致', {
    status: 400,
    messageEn: `authDomain "${authDomain}" is not written as the record stores it (lower-case host only, e.g. "a.com")`,
    details: [{ field: 'authDomain', message: '须与授权记录中的域名完全一致', messageEn: "must be identical to the record's authDomain" }],
  });
}

function notAuthorized(): AppError {
  return new AppError('NOT_AUTHORIZED', '授权记录未授权或已过期，无法下载许可证', {
    status: 409,
    messageEn: 'the record is not authorized (or has expired): no license can be issued',
  });
}
