import { AppError, listResult, type ListResult } from '../../host/sdk/index.js';
import { listAuthLogs } from '../auth-log/list-auth-logs.js';
import { recordForDomain } from '../auth-log/record-lookup.js';
import { stateOf } from '../auth-log/record-state.js';
import type { AuthLogSpec } from '../auth-log/types.js';
import { expireTimeDisplay, isPermanentExpireTime, type ExpireTimeDisplay } from '../auth-log/validity.js';
import { pluginNotFound } from '../catalog/find-plugin.js';
import { allowsFreeCode, priceTypeOf, type PriceType } from '../catalog/price-type.js';
import type { SitePluginSpec } from '../catalog/types.js';
import { codeError } from '../codes/code-errors.js';
import { freeCodeExpiresAt } from '../codes/free-code.js';
import { createFreeCode } from '../codes/generate-free-code.js';
import { parseDomain } from '../domain-name/normalize-domain.js';
import { userExists, userNotFound } from '../users/user-lookup.js';
import type { OpenApiDeps } from './deps.js';

/** The catalog fields a plugin may show publicly; the download `url` stays for authorized users. */
export type PublicPluginInfo = Pick<
  SitePluginSpec,
  'key' | 'name' | 'logo' | 'description' | 'version' | 'author' | 'docs' | 'price' | 'payUrl' | 'authCountLimit'
> & { priceType: PriceType };

export async function pluginInfo(deps: OpenApiDeps, pluginKey: string): Promise<PublicPluginInfo> {
  const spec = await deps.catalog.find(pluginKey);
  if (!spec) throw pluginNotFound(pluginKey);
  const { key, name, logo, description, version, author, docs, price, payUrl, authCountLimit } = spec;
  return { key, name, logo, description, version, author, docs, price, priceType: priceTypeOf(price), payUrl, authCountLimit };
}

export async function checkUser(deps: OpenApiDeps, username: string): Promise<{ username: string; exists: boolean }> {
  return { username, exists: await userExists(deps.client, username) };
}

/** The user whose record currently authorizes this plugin on this host. */
export async function authorizedUser(deps: OpenApiDeps, pluginKey: string, authDomain: string) {
  const host = parseDomain(authDomain).host;
  if (!(await deps.catalog.find(pluginKey))) throw pluginNotFound(pluginKey);
  const record = await recordForDomain(deps.client, pluginKey, host, deps.clock.now());
  if (!record || stateOf(record, deps.clock.now()) !== 'VALID') {
    throw new AppError('NOT_AUTHORIZED', '该域名没有已授权的用户', {
      status: 404,
      messageEn: `no user holds a valid authorization of "${pluginKey}" for ${host}`,
      details: [{ field: 'authDomain', message: '该域名未授权', messageEn: 'not authorized' }],
    });
  }
  const { authUser, authTime, expireTime } = record.spec;
  return { pluginKey, authDomain: host, authUser, authTime, expireTime, permanent: isPermanentExpireTime(expireTime) };
}

/** A record as the public list shows it: no license body, no metadata beyond the name. */
export type PublicAuthLog = Omit<AuthLogSpec, 'license'> & { name: string; expireTimeDisplay: ExpireTimeDisplay };

export async function publicAuthLogs(
  deps: OpenApiDeps,
  q: { authUser: string; pluginKey?: string; page: number; size: number },
): Promise<ListResult<PublicAuthLog>> {
  if (!(await userExists(deps.client, q.authUser))) throw userNotFound(q.authUser);
  const now = deps.clock.now();
  const found = await listAuthLogs(
    deps.client,
    { authUser: q.authUser, pluginKey: q.pluginKey, sort: 'creationTimestamp', direction: 'desc', page: q.page, size: q.size },
    now,
  );
  const items = found.items.map(({ metadata, spec }) => {
    const { license: _license, ...rest } = spec;
    return { name: metadata.name, ...rest, expireTimeDisplay: expireTimeDisplay(spec.expireTime, now) };
  });
  return listResult(items, found.total, q.page, q.size);
}

/** A temporary free code (5 minutes, single use); bound to a plugin when one is named, which must be free. */
export async function publicFreeCode(deps: OpenApiDeps, pluginKey: string | undefined, ip: string) {
  if (pluginKey) {
    const spec = await deps.catalog.find(pluginKey);
    if (!spec) throw pluginNotFound(pluginKey);
    if (!allowsFreeCode(spec.price)) throw codeError('FREE_CODE_NOT_ALLOWED');
  }
  const code = await createFreeCode(deps, { pluginKey, createdBy: `public:${ip}` });
  return {
    code: code.spec.code,
    pluginKey: code.spec.pluginKey,
    createdAt: code.spec.createdAt,
    expiresAt: freeCodeExpiresAt(code.spec.createdAt),
  };
}
