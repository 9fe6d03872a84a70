import type { ApiBody } from '@shared/api/client.js';
// The pickers show the site's time zone, like the lists; the server stores RFC 3339 UTC in whole seconds.
import { isoToSiteWall, siteWallToIso } from '@shared/format.js';
import type { AuthLog } from './types.js';

/** The expiry that means "permanent" (DESIGN: anything after 2099-01-01 is permanent). */
export const PERMANENT_EXPIRE_TIME = '2099-12-31T23:59:59Z';
const PERMANENT_FROM = '2099-01-01T00:00:00Z';

export const isPermanent = (expireTime?: string) => Boolean(expireTime && expireTime >= PERMANENT_FROM);

/** The record dialog's model; times as Date (the date pickers' values). */
export interface RecordForm {
  pluginKey: string;
  authUser: string;
  authDomain: string;
  authStatus: 0 | 1;
  authTime: Date | null;
  expireTime: Date | null;
  permanent: boolean;
  license: string;
}

export function recordForm(record: AuthLog | null): RecordForm {
  const s = record?.spec ?? {};
  const permanent = isPermanent(s.expireTime);
  return {
    pluginKey: s.pluginKey ?? '',
    authUser: s.authUser ?? '',
    authDomain: s.authDomain ?? '',
    authStatus: s.authStatus ?? 1,
    authTime: isoToSiteWall(s.authTime),
    expireTime: permanent ? null : isoToSiteWall(s.expireTime),
    permanent,
    license: s.license ?? '',
  };
}

function times(form: RecordForm) {
  return { authTime: siteWallToIso(form.authTime), expireTime: form.permanent ? PERMANENT_EXPIRE_TIME : siteWallToIso(form.expireTime) };
}

export function createRecordBody(form: RecordForm): ApiBody<'createAuthLog'> {
  const license = form.license.trim();
  const { authTime, expireTime } = times(form);
  return {
    pluginKey: form.pluginKey,
    authUser: form.authUser.trim(),
    authDomain: form.authDomain.trim(),
    authStatus: form.authStatus,
    ...(authTime ? { authTime } : {}),
    ...(expireTime ? { expireTime } : {}),
    ...(license ? { license } : {}),
  };
}

/** The edit body: a cleared time or license is sent as null (removed); the version read guards the write. */
export function updateRecordBody(form: RecordForm, record: AuthLog): ApiBody<'updateAuthLog'> {
  const { authTime, expireTime } = times(form);
  return {
    authStatus: form.authStatus,
    authTime: authTime ?? null,
    expireTime: expireTime ?? null,
    license: form.license.trim() || null,
    resourceVersion: record.metadata?.resourceVersion,
  };
}
