import { defineOperation, listResultSchema, type OperationDef } from '../../host/sdk/index.js';
import { AUTH_API_GROUP } from '../api/groups.js';
import { PUBLIC_TAGS } from '../api/tags.js';
import { applyForAuthorization } from '../auth-log/apply-authorization.js';
import { checkAuth, type CheckAuthInput } from './check-auth.js';
import type { OpenApiDeps } from './deps.js';
import { authorizedUser, checkUser, pluginInfo, publicAuthLogs, publicFreeCode } from './public-reads.js';
import * as S from './schemas.js';
import { sendSignedBody, SignedAnswers } from './signed-response.js';

const common = { group: AUTH_API_GROUP, method: 'get' as const, tags: PUBLIC_TAGS };
const SECRET_NOTE = 'When apiAccessSecret is set, header Authorization must carry it (optionally after "Bearer "), else 401.';
/** checkUser, authUser, publicAuth and getAuthLogs: they write or reveal a user's data (open-guard.ts). */
const PRIVATE_NOTE = `Refused (403 API_SECRET_NOT_CONFIGURED) while no apiAccessSecret is configured. ${SECRET_NOTE}`;

/** The seven public endpoints plus the license key set (spec "Public endpoints"), all GET with query parameters. */
export function publicOperations(deps: OpenApiDeps): OperationDef[] {
  const answers = new SignedAnswers(deps.authority);
  return [
    defineOperation<CheckAuthInput>({
      ...common,
      operationId: 'checkAuth',
      path: '/public/checkAuth',
      raw: true,
      produces: ['application/json'],
      summary:
        'Is this plugin authorized on this host? data.valid and data.code; the license on VALID (a new one, stored, when none is sent)',
      description:
        'Always 200 for a well-formed request. The body is signed: header X-AuthPay-Signature is a detached compact JWS (EdDSA)'
        + ` over the exact body bytes, checkable with the key from /public/jwks (docs/license-verification.md). ${SECRET_NOTE}`,
      query: S.CHECK_AUTH_QUERY,
      response: S.CHECK_AUTH_DATA,
      handler: async ({ query, res }) => {
        const input = { ...query, license: query.license || undefined };
        sendSignedBody(res, await answers.bodyFor(await checkAuth(deps, input)));
      },
    }),
    defineOperation<{ username: string }>({
      ...common,
      operationId: 'checkUser',
      path: '/public/checkUser',
      summary: 'Does a user of this name exist?',
      description: PRIVATE_NOTE,
      query: S.CHECK_USER_QUERY,
      response: { type: 'object', properties: { username: { type: 'string' }, exists: { type: 'boolean' } } },
      handler: ({ query }) => checkUser(deps, query.username),
    }),
    defineOperation<{ pluginKey: string; authDomain: string }>({
      ...common,
      operationId: 'authUser',
      path: '/public/authUser',
      summary: 'The user whose valid record authorizes this plugin on this host (404 NOT_AUTHORIZED when none)',
      description: PRIVATE_NOTE,
      query: S.PLUGIN_DOMAIN_QUERY,
      response: S.AUTHORIZED_USER_DATA,
      handler: ({ query }) => authorizedUser(deps, query.pluginKey, query.authDomain),
    }),
    defineOperation<{ pluginKey: string; authDomain: string; authUser: string }>({
      ...common,
      operationId: 'publicAuth',
      path: '/public/auth',
      summary:
        'Apply for authorization for a user: the record is created pending and unconfirmed; it counts toward the limit and can be'
        + ' authorized only once the user confirms it in the user center; idempotent per domain',
      description:
        "At most min(limit, 20) records created this way wait for one user's confirmation per plugin (409 AUTH_LIMIT_EXCEEDED"
        + ` with a detail on authUser). ${PRIVATE_NOTE}`,
      query: S.PUBLIC_AUTH_QUERY,
      response: S.PUBLIC_RECORD_DATA,
      handler: async ({ query }) => {
        const { record, created } = await applyForAuthorization(
          deps,
          {
            pluginKey: query.pluginKey,
            domain: query.authDomain,
            user: query.authUser,
          },
          'PUBLIC_API',
        );
        const { license: _license, ...spec } = record.spec;
        return { name: record.metadata.name, ...spec, created };
      },
    }),
    defineOperation<{ pluginKey: string }>({
      ...common,
      operationId: 'pluginInfo',
      path: '/public/pluginInfo',
      summary: 'Public catalog fields of a plugin',
      description: SECRET_NOTE,
      query: S.PLUGIN_QUERY,
      response: S.PLUGIN_INFO_DATA,
      handler: ({ query }) => pluginInfo(deps, query.pluginKey),
    }),
    defineOperation<{ pluginKey?: string }>({
      ...common,
      operationId: 'generateAuthCode',
      path: '/public/generateAuthCode',
      summary: 'A temporary free code, valid 5 minutes, single use (for free and limited-time free plugins)',
      description: SECRET_NOTE,
      query: S.FREE_CODE_QUERY,
      response: S.FREE_CODE_DATA,
      handler: ({ query, req }) => publicFreeCode(deps, query.pluginKey, req.ip ?? 'unknown'),
    }),
    defineOperation<{ authUser: string; pluginKey?: string; page: number; size: number }>({
      ...common,
      operationId: 'getAuthLogs',
      path: '/public/getAuthLogs',
      summary: "A user's authorization records, newest first, without license bodies",
      description: PRIVATE_NOTE,
      query: S.AUTH_LOGS_QUERY,
      response: listResultSchema(S.PUBLIC_AUTH_LOG),
      handler: ({ query }) => publicAuthLogs(deps, query),
    }),
    defineOperation({
      ...common,
      operationId: 'licenseJwks',
      path: '/public/jwks',
      raw: true,
      produces: ['application/jwk-set+json'],
      summary:
        'The public key set (JWKS) that verifies licenses and checkAuth signatures; served as a plain JWKS document, not in the envelope',
      description: `Usable as is by JWKS clients (jose createRemoteJWKSet). ${SECRET_NOTE}`,
      response: { type: 'object', properties: { keys: { type: 'array', items: { type: 'object' } } } },
      handler: ({ res }) => {
        res.setHeader('Cache-Control', 'public, max-age=3600');
        res.type('application/jwk-set+json').send(JSON.stringify(deps.authority.jwks));
      },
    }),
  ];
}
