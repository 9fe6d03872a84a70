import { PAGE_QUERY_PROPERTIES } from '../../host/sdk/index.js';
import { PLUGIN_KEY } from '../catalog/schemas.js';
import { DOMAIN_INPUT } from '../domain-name/schemas.js';
import { MAX_LICENSE_LENGTH } from '../license/license-format.js';
import { USER_NAME } from '../users/schemas.js';

/**
 * Query schemas of the public endpoints. Unknown parameters are ignored (plugins in the wild add cache
 * busters); known ones are checked for type and length, so malformed input is a 400 before any work.
 */
const query = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', required, properties });

export const LICENSE_PARAM = {
  type: 'string',
  maxLength: MAX_LICENSE_LENGTH,
  description: 'the license the plugin holds (license.key content); empty or absent asks for a new one',
};
export const NONCE_PARAM = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  pattern: '^[\\x21-\\x7e]+$',
  description: 'any printable ASCII value; echoed in data.nonce and covered by the response signature',
};

export const CHECK_AUTH_QUERY = query({ pluginKey: PLUGIN_KEY, authDomain: DOMAIN_INPUT, license: LICENSE_PARAM, nonce: NONCE_PARAM }, [
  'pluginKey',
  'authDomain',
]);
export const CHECK_USER_QUERY = query({ username: USER_NAME }, ['username']);
export const PLUGIN_DOMAIN_QUERY = query({ pluginKey: PLUGIN_KEY, authDomain: DOMAIN_INPUT }, ['pluginKey', 'authDomain']);
export const PUBLIC_AUTH_QUERY = query({ pluginKey: PLUGIN_KEY, authDomain: DOMAIN_INPUT, authUser: USER_NAME }, [
  'pluginKey',
  'authDomain',
  'authUser',
]);
export const PLUGIN_QUERY = query({ pluginKey: PLUGIN_KEY }, ['pluginKey']);
export const FREE_CODE_QUERY = query({ pluginKey: PLUGIN_KEY }, []);
export const AUTH_LOGS_QUERY = query({ authUser: USER_NAME, pluginKey: PLUGIN_KEY, ...PAGE_QUERY_PROPERTIES }, ['authUser']);

const str = { type: 'string' };
const bool = { type: 'boolean' };
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties });

export const CHECK_AUTH_DATA = obj({
  valid: bool,
  code: { type: 'string', enum: ['VALID', 'NOT_FOUND', 'PENDING', 'EXPIRED', 'LICENSE_MISMATCH', 'PLUGIN_NOT_FOUND'] },
  pluginKey: str,
  authDomain: { type: 'string', description: 'the normalized host that was checked' },
  expireTime: str,
  permanent: bool,
  license: { type: 'string', description: 'on VALID: the license (compact JWS, EdDSA)' },
  nonce: str,
});
export const AUTHORIZED_USER_DATA = obj({
  pluginKey: str,
  authDomain: str,
  authUser: str,
  authTime: str,
  expireTime: str,
  permanent: bool,
});
export const PUBLIC_RECORD_DATA = obj({
  name: str,
  pluginKey: str,
  authUser: str,
  authDomain: str,
  authStatus: { type: 'integer' },
  authTime: str,
  expireTime: str,
  unconfirmed: { type: 'boolean', description: 'true until the user confirms the application in the user center' },
  created: bool,
});
export const PLUGIN_INFO_DATA = obj({
  key: str,
  name: str,
  logo: str,
  description: str,
  version: str,
  author: str,
  docs: str,
  price: { type: 'number' },
  priceType: str,
  payUrl: str,
  authCountLimit: { type: 'integer' },
});
export const FREE_CODE_DATA = obj({ code: str, pluginKey: str, createdAt: str, expiresAt: str });
export const PUBLIC_AUTH_LOG = obj({
  name: str,
  pluginKey: str,
  authUser: str,
  authDomain: str,
  authStatus: { type: 'integer' },
  authTime: str,
  expireTime: str,
  unconfirmed: bool,
  expireTimeDisplay: obj({ validity: str, text: str, textEn: str }),
});
