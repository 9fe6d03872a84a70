import { singleLineText } from '../../schema/text-formats.js';
import { AppError } from '../../errors/app-error.js';
import { defineOperation, type OperationDef } from '../../api/operations/operation.js';
import type { Principal } from '../../request/principal.js';
import type { PatInput, PatService } from './pat-service.js';

import { HOST_UC_GROUP as UC_GROUP } from '../../api/host-groups.js';

const TOKEN_VIEW = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'resource name (the token id)' },
    displayName: { type: 'string' },
    expiresAt: { type: 'string', format: 'date-time' },
    revoked: { type: 'boolean' },
    lastUsedAt: { type: 'string', format: 'date-time' },
    creationTimestamp: { type: 'string', format: 'date-time' },
    apiGroups: {
      type: 'array',
      items: { type: 'string' },
      description: 'the API groups the token is restricted to; absent = every operation its user may call',
    },
  },
};

/** An API group name as Kubernetes spells them (DNS subdomain). */
const API_GROUP = { type: 'string', minLength: 1, maxLength: 253, pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$' };

/** The bootstrap credential is not a user and owns no tokens. */
function owner(principal: Principal): string {
  if (principal.via === 'bootstrap')
    throw new AppError('BAD_REQUEST', '引导令牌不能管理访问令牌', { messageEn: 'the bootstrap credential cannot own tokens' });
  return principal.username;
}

/** The caller's own personal access tokens (uc.api.host.authpay.dev). */
export function tokenOperations(pats: PatService): OperationDef[] {
  return [
    defineOperation<unknown, PatInput>({
      operationId: 'createPersonalAccessToken',
      group: UC_GROUP,
      method: 'post',
      path: '/personalaccesstokens',
      summary: 'Create a personal access token; data.token is shown this once',
      description:
        'apiGroups (optional) restricts the token: it may then call only operations and resources of those API groups'
        + ' (anything else is 403 TOKEN_SCOPE_DENIED), and never more than its user may.',
      tags: ['tokens'],
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { ...singleLineText(128, 1), pattern: '\\S' },
          expiresAt: { type: 'string', format: 'date-time' },
          apiGroups: { type: 'array', minItems: 1, maxItems: 16, items: API_GROUP },
        },
      },
      response: {
        ...TOKEN_VIEW,
        properties: {
          ...TOKEN_VIEW.properties,
          token: { type: 'string', description: 'the secret; send as Authorization: Bearer <token>' },
        },
      },
      successStatus: 201,
      handler: ({ body, principal }) => pats.create(owner(principal), body),
    }),
    {
      operationId: 'listPersonalAccessTokens',
      group: UC_GROUP,
      method: 'get',
      path: '/personalaccesstokens',
      summary: "The caller's tokens (never the secrets)",
      tags: ['tokens'],
      response: { type: 'array', items: TOKEN_VIEW },
      handler: ({ principal }) => pats.list(owner(principal)),
    },
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'revokePersonalAccessToken',
      group: UC_GROUP,
      method: 'post',
      path: '/personalaccesstokens/:name/revoke',
      summary: "Revoke one of the caller's tokens (another user's token is not found)",
      tags: ['tokens'],
      params: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 253 } } },
      response: TOKEN_VIEW,
      handler: ({ params, principal }) => pats.revoke(owner(principal), params.name),
    }),
  ];
}
