/** JSON Schemas of the user operations, compiled once by the operation registry. */
export { HOST_UC_GROUP, HOST_CONSOLE_GROUP } from '../api/host-groups.js';

export const USERNAME_SCHEMA = {
  type: 'string',
  minLength: 2,
  maxLength: 63,
  pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
  description: 'DNS-label user name',
};
export const EMAIL_SCHEMA = { type: 'string', minLength: 3, maxLength: 254, description: 'e-mail address' };
export const PASSWORD_SCHEMA = { type: 'string', minLength: 8, maxLength: 256 };

export const PUBLIC_USER_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    displayName: { type: 'string' },
    email: { type: 'string' },
    disabled: { type: 'boolean' },
    creationTimestamp: { type: 'string' },
    lastLoginAt: { type: 'string' },
  },
};

export const NEW_USER_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'email', 'password'],
  properties: {
    username: USERNAME_SCHEMA,
    email: EMAIL_SCHEMA,
    password: PASSWORD_SCHEMA,
    displayName: { type: 'string', minLength: 1, maxLength: 128 },
  },
};

export const ROLES_SCHEMA = { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 253 } };

export const USER_NAME_PARAMS = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 253 } },
};
