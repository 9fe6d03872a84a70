import { reactive } from 'vue';
import { api, toLogin, ApiError } from './api.js';

/** What getCurrentUser answers. */
export interface CurrentUser {
  user: { name: string; displayName?: string; email?: string };
  roles: string[];
  uiPermissions: string[];
}

/** The signed-in caller, loaded once by the shell; `ready` turns true when it is known. */
export const session = reactive<{ ready: boolean; me: CurrentUser | null }>({ ready: false, me: null });

export const CURRENT_USER = '/apis/uc.api.host.authpay.dev/v1alpha1/users/-';

/** Loads the caller; an anonymous visitor is sent to /login?redirect=<here>. */
export async function loadSession(): Promise<CurrentUser | null> {
  try {
    session.me = await api.get<CurrentUser>(CURRENT_USER);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) toLogin();
    else throw err;
  }
  session.ready = true;
  return session.me;
}

/** Whether the caller holds a UI permission (`*` holds them all). */
export function can(permission: string): boolean {
  const perms = session.me?.uiPermissions ?? [];
  return perms.includes('*') || perms.includes(permission);
}

/** Ends the session on the server, then goes to the log-in page. */
export async function logout(): Promise<void> {
  await api.post('/logout').catch(() => undefined);
  location.assign('/login');
}
