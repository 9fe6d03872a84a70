import { AppError } from '../errors/app-error.js';
import { defineOperation, type OperationDef } from '../api/operations/operation.js';
import type { UserOperationDeps } from './user-operation-deps.js';
import { assertRolesExist, setUserRoles } from '../rbac/role-grants.js';
import { LABEL_HIDDEN } from '../rbac/types.js';
import { ROLE_VIEW_SCHEMA, roleView } from './role-view.js';
import { and, eq, inValues } from '../store/query.js';
import { HOST_CONSOLE_GROUP, NEW_USER_BODY, PUBLIC_USER_SCHEMA, ROLES_SCHEMA, USER_NAME_PARAMS } from './schemas.js';
import { listResult, listResultSchema, pageQueryProperties } from '../api/list-result.js';
import { publicUser, type User } from './types.js';

const withRoles = (s: UserOperationDeps, user: User) => ({ ...publicUser(user), roles: s.authorizer.boundRoles(user.metadata.name) });

async function setDisabled(s: UserOperationDeps, caller: string, name: string, disabled: boolean) {
  if (disabled && caller === name) throw new AppError('BAD_REQUEST', '不能禁用自己', { messageEn: 'you cannot disable yourself' });
  const user = await s.users.setDisabled(name, disabled);
  if (disabled) await s.sessions.revokeAllOf(name);
  return withRoles(s, user);
}

interface ListUsersQuery {
  page: number;
  size: number;
  keyword?: string;
  disabled?: boolean;
  role?: string;
}
type NameParams = { name: string };

function listUsersOp(s: UserOperationDeps): OperationDef {
  return defineOperation<ListUsersQuery>({
    operationId: 'listUsers',
    group: HOST_CONSOLE_GROUP,
    method: 'get',
    path: '/users',
    summary: 'List users with their roles (paged; keyword filters by user-name prefix, role by a role bound to them)',
    tags: ['users'],
    query: {
      type: 'object',
      properties: {
        ...pageQueryProperties(200),
        keyword: { type: 'string', maxLength: 63 },
        disabled: { type: 'boolean' },
        role: { type: 'string', minLength: 1, maxLength: 253, description: 'only users this role is bound to' },
      },
    },
    response: listResultSchema({ ...PUBLIC_USER_SCHEMA, properties: { ...PUBLIC_USER_SCHEMA.properties, roles: ROLES_SCHEMA } }),
    async handler({ query }) {
      const holders = query.role === undefined ? undefined : s.authorizer.index.usersBoundTo(query.role);
      if (holders?.length === 0) return listResult([], 0, query.page, query.size);
      const where = and(
        query.keyword ? { op: 'prefix', field: 'metadata.name', value: query.keyword.toLowerCase() } : undefined,
        query.disabled === undefined ? undefined : eq('spec.disabled', query.disabled),
        holders && inValues('metadata.name', holders),
      );
      const found = await s.users.list({ where, page: query.page, size: query.size });
      return listResult(
        found.items.map((u) => withRoles(s, u)),
        found.total ?? found.items.length,
        query.page,
        query.size,
      );
    },
  });
}

function userActionOp(s: UserOperationDeps, operationId: string, action: 'disable' | 'enable'): OperationDef {
  return defineOperation<unknown, unknown, NameParams>({
    operationId,
    group: HOST_CONSOLE_GROUP,
    method: 'post',
    path: `/users/:name/${action}`,
    summary: action === 'disable' ? 'Disable a user: log-in is refused, sessions end, tokens stop working' : 'Enable a disabled user',
    tags: ['users'],
    params: USER_NAME_PARAMS,
    response: PUBLIC_USER_SCHEMA,
    handler: ({ params, principal }) => setDisabled(s, principal.username, params.name, action === 'disable'),
  });
}

/** Administrator user management under console.api.host.authpay.dev. */
export function consoleUserOperations(s: UserOperationDeps): OperationDef[] {
  return [
    listUsersOp(s),
    defineOperation<unknown, unknown, NameParams>({
      operationId: 'getUser',
      group: HOST_CONSOLE_GROUP,
      method: 'get',
      path: '/users/:name',
      summary: 'One user with the roles bound to it',
      tags: ['users'],
      params: USER_NAME_PARAMS,
      handler: async ({ params }) => withRoles(s, await s.users.get(params.name)),
    }),
    {
      operationId: 'createUser',
      group: HOST_CONSOLE_GROUP,
      method: 'post',
      path: '/users',
      summary: 'Create a user, optionally with roles',
      tags: ['users'],
      body: { ...NEW_USER_BODY, properties: { ...NEW_USER_BODY.properties, roles: ROLES_SCHEMA } },
      successStatus: 201,
      response: { ...PUBLIC_USER_SCHEMA, properties: { ...PUBLIC_USER_SCHEMA.properties, roles: ROLES_SCHEMA } },
      async handler({ body }) {
        const { roles, ...input } = body as { roles?: string[]; username: string; email: string; password: string; displayName?: string };
        const wanted = await assertRolesExist(s.client, roles ?? []); // bad roles: refused before the user exists
        const user = await s.users.create(input);
        if (wanted.length) await setUserRoles(s.client, s.authorizer.index, user.metadata.name, wanted);
        return { ...publicUser(user), roles: wanted };
      },
    },
    defineOperation<unknown, { roles: string[] }, NameParams>({
      operationId: 'grantRoles',
      group: HOST_CONSOLE_GROUP,
      method: 'put',
      path: '/users/:name/roles',
      summary: "Set a user's roles (writes RoleBindings; roles left out are unbound)",
      tags: ['users'],
      params: USER_NAME_PARAMS,
      body: { type: 'object', additionalProperties: false, required: ['roles'], properties: { roles: ROLES_SCHEMA } },
      async handler({ params, body }) {
        await s.users.get(params.name);
        const roles = await setUserRoles(s.client, s.authorizer.index, params.name, body.roles);
        return { name: params.name, roles };
      },
    }),
    userActionOp(s, 'disableUser', 'disable'),
    userActionOp(s, 'enableUser', 'enable'),
    defineOperation<{ includeHidden?: boolean }>({
      operationId: 'listRoles',
      group: HOST_CONSOLE_GROUP,
      method: 'get',
      path: '/roles',
      summary:
        'Roles and role templates with display names and descriptions in zh-CN and English (i18n.en);'
        + ' hidden ones (authenticated, anonymous, aggregated templates) only with includeHidden',
      tags: ['users'],
      query: { type: 'object', additionalProperties: false, properties: { includeHidden: { type: 'boolean', default: false } } },
      response: { type: 'array', items: ROLE_VIEW_SCHEMA },
      handler: ({ query }) =>
        s.authorizer.index
          .allRoles()
          .filter((r) => query.includeHidden || r.metadata.labels?.[LABEL_HIDDEN] !== 'true')
          .map(roleView)
          .sort((a, b) => a.name.localeCompare(b.name)),
    }),
  ];
}
