import { AppError, isAppError } from '../errors/app-error.js';
import { tryAgainIn } from '../ratelimit/wait-words.js';
import type { Request } from 'express';
import { defineOperation, type OperationDef } from '../api/operations/operation.js';
import type { NewUserInput, ProfileChange } from './user-service.js';
import type { Principal } from '../request/principal.js';
import type { UserOperationDeps } from './user-operation-deps.js';
import { NEW_USER_BODY, HOST_UC_GROUP, PASSWORD_SCHEMA, PROFILE_CHANGE_BODY, PUBLIC_USER_SCHEMA } from './schemas.js';
import { publicUser, type PublicUser } from './types.js';
import { ROLE_VIEW_SCHEMA, roleView, type RoleView } from './role-view.js';

export interface CurrentUser {
  user: PublicUser;
  /** Roles bound to the user, plus the implicit `authenticated` and `anonymous`. */
  roles: string[];
  /** Every role reached through dependencies and aggregation. */
  effectiveRoles: string[];
  uiPermissions: string[];
  /** The roles of `roles` as people read them (display name and description in both languages). */
  roleDetails: RoleView[];
  /** The IANA zone the apps show days and times in (the site's, the one its daily reports use). */
  timeZone: string;
}

async function currentUser(s: UserOperationDeps, principal: Principal): Promise<CurrentUser> {
  const user = principal.via === 'bootstrap' ? undefined : await s.users.fetch(principal.username);
  const shown: PublicUser = user
    ? publicUser(user)
    : { name: principal.username, displayName: principal.username, email: '', disabled: false };
  const perms = s.authorizer.permissionsOf(principal);
  const roles = s.authorizer.rootsOf(principal);
  const roleDetails = roles.flatMap((name) => {
    const role = s.authorizer.index.role(name);
    return role ? [roleView(role)] : [];
  });
  const timeZone = await s.siteTimeZone().catch(() => 'UTC');
  return { user: shown, roles, effectiveRoles: perms.roles, uiPermissions: perms.uiPermissions, roleDetails, timeZone };
}

/** Self-service operations under uc.api.host.authpay.dev: they only ever act on the caller. */
export function userCenterOperations(s: UserOperationDeps): OperationDef[] {
  const signUps = s.rateLimits('host:sign-up', { limit: 30, windowMs: 10 * 60_000 });
  return [
    defineOperation<unknown, NewUserInput>({
      operationId: 'signUp',
      group: HOST_UC_GROUP,
      method: 'post',
      path: '/signup',
      summary: 'Create an account (when the sign-up setting is on)',
      tags: ['users'],
      body: NEW_USER_BODY,
      response: PUBLIC_USER_SCHEMA,
      successStatus: 201,
      async handler({ body, req }) {
        if (!(await s.settings.current()).signUpEnabled)
          throw new AppError('SIGNUP_DISABLED', '未开放注册', { status: 403, messageEn: 'sign-up is disabled' });
        const limited = await signUps.hit(req.ip ?? 'unknown');
        if (!limited.allowed) {
          const text = tryAgainIn({ zh: '此网络地址注册过于频繁', en: 'Too many sign-ups from this address' }, limited.retryAfterSeconds);
          throw new AppError('RATE_LIMITED', text.zh, {
            messageEn: text.en,
            headers: { 'Retry-After': String(limited.retryAfterSeconds) },
          });
        }
        return publicUser(await s.users.create(body));
      },
    }),
    {
      operationId: 'getCurrentUser',
      group: HOST_UC_GROUP,
      method: 'get',
      path: '/users/-',
      summary: 'The caller, with roles and effective UI permissions',
      tags: ['users'],
      response: {
        type: 'object',
        properties: {
          user: PUBLIC_USER_SCHEMA,
          roles: { type: 'array', items: { type: 'string' } },
          effectiveRoles: { type: 'array', items: { type: 'string' } },
          uiPermissions: { type: 'array', items: { type: 'string' } },
          roleDetails: { type: 'array', items: ROLE_VIEW_SCHEMA },
          timeZone: { type: 'string', description: 'The IANA time zone the site shows days and times in' },
        },
      },
      handler: ({ principal }) => currentUser(s, principal),
    },
    defineOperation<unknown, { oldPassword: string; newPassword: string }>({
      operationId: 'changePassword',
      group: HOST_UC_GROUP,
      method: 'put',
      path: '/users/-/password',
      summary: "Change the caller's password (other sessions of the caller end)",
      tags: ['users'],
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['oldPassword', 'newPassword'],
        properties: { oldPassword: { type: 'string', maxLength: 1024 }, newPassword: PASSWORD_SCHEMA },
      },
      async handler({ body, principal, req }) {
        if (principal.via === 'bootstrap')
          throw new AppError('BAD_REQUEST', '引导令牌没有密码', { messageEn: 'the bootstrap credential has no password' });
        await guardedPasswordChange(s, req, principal.username, body.oldPassword, body.newPassword);
        await s.sessions.revokeAllOf(principal.username, principal.sessionId);
        return null;
      },
    }),
    defineOperation<unknown, ProfileChange>({
      operationId: 'updateCurrentUser',
      group: HOST_UC_GROUP,
      method: 'patch',
      path: '/users/-',
      summary: "Change the caller's display name, e-mail or language (only the keys given)",
      tags: ['users'],
      body: PROFILE_CHANGE_BODY,
      response: PUBLIC_USER_SCHEMA,
      async handler({ body, principal }) {
        if (principal.via === 'bootstrap')
          throw new AppError('BAD_REQUEST', '引导令牌没有个人资料', { messageEn: 'the bootstrap credential has no profile' });
        return publicUser(await s.users.updateProfile(principal.username, body));
      },
    }),
  ];
}

/**
 * A password change checks the current password under the log-in guard: the per-user failure limit applies
 * before the check (429 when reached) and a wrong current password counts as a failed log-in, so a stolen
 * session cannot be used to guess the password. The answer to a wrong one is INVALID_CURRENT_PASSWORD (400).
 */
async function guardedPasswordChange(s: UserOperationDeps, req: Request, username: string, oldPassword: string, newPassword: string) {
  const { loginLimits } = await s.settings.current();
  await s.guard.admit(loginLimits, req.ip ?? 'unknown', username, false);
  try {
    await s.users.changePassword(username, oldPassword, newPassword);
  } catch (err) {
    if (isAppError(err) && err.code === 'INVALID_CURRENT_PASSWORD') await s.guard.failed(username);
    throw err;
  }
  await s.guard.succeeded(username);
}
