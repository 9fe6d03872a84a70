/**
 * The signed-in caller, loaded once per page load through getCurrentUser. `can(permission)` checks the
 * effective UI permissions (`*` holds them all). Hiding a page or a button is convenience only: the server
 * refuses what the caller's roles do not grant.
 */
import { reactive } from 'vue';
import { call, loginUrl, request, type ApiData } from '../api/client.js';
import { siteZone } from '../i18n/site-zone.js';

export type CurrentUser = ApiData<'getCurrentUser'> & {
  user?: ApiData<'getCurrentUser'>['user'] & { language?: string };
};

export const session = reactive<{ ready: boolean; me: CurrentUser | null }>({ ready: false, me: null });

let loading: Promise<CurrentUser | null> | undefined;

/** Loads the caller once (a 401 sends the browser to log in: see api/client.ts). */
export function loadSession(): Promise<CurrentUser | null> {
  loading ??= call('getCurrentUser').then(
    (me) => {
      session.me = me as CurrentUser;
      if (me.timeZone) siteZone.value = me.timeZone;
      session.ready = true;
      return session.me;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** Reads the caller again (after a profile change). */
export async function reloadSession(): Promise<CurrentUser | null> {
  loading = undefined;
  return loadSession();
}

/** Whether the caller holds a UI permission. */
export function can(permission: string | undefined): boolean {
  if (!permission) return true;
  const perms = session.me?.uiPermissions ?? [];
  return perms.includes('*') || perms.includes(permission);
}

/** The caller's user name ('' before the session is known). */
export function username(): string {
  return session.me?.user?.name ?? '';
}

/** Ends the session on the server, then goes to the log-in page. */
export async function logout(): Promise<void> {
  await request('POST', '/logout').catch(() => undefined);
  location.assign(loginUrl());
}
