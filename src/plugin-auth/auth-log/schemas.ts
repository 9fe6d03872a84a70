import { resourceSchema, TIMESTAMP } from '../api/schemas.js';
import { PLUGIN_KEY } from '../catalog/schemas.js';
import { DOMAIN_INPUT } from '../domain-name/schemas.js';
import { USER_NAME } from '../users/schemas.js';

export const AUTH_STATUS = { type: 'integer', enum: [0, 1] };
export const VALIDITY = { type: 'string', enum: ['PERMANENT', 'LIMITED', 'EXPIRED'] };

const SPEC = {
  type: 'object',
  properties: {
    pluginKey: { type: 'string' },
    authUser: { type: 'string' },
    authDomain: { type: 'string' },
    authStatus: AUTH_STATUS,
    authTime: { type: 'string' },
    expireTime: { type: 'string' },
    license: { type: 'string' },
    unconfirmed: { type: 'boolean', description: 'created through the public API and not yet confirmed by the user' },
  },
};
const DISPLAY = {
  type: 'object',
  properties: {
    validity: { type: 'string', enum: ['PERMANENT', 'LIMITED', 'EXPIRED', 'NONE'] },
    text: { type: 'string' },
    textEn: { type: 'string' },
  },
};
export const AUTH_LOG_ITEM = resourceSchema(SPEC, { expireTimeDisplay: DISPLAY });
export const AUTH_LOG_SCHEMA = resourceSchema(SPEC);

/** The record filters of the console list and export (each runs on an index). */
export const FILTER_PROPERTIES = {
  pluginKey: PLUGIN_KEY,
  keyword: { type: 'string', minLength: 1, maxLength: 253, description: 'contained in plugin key, user or domain' },
  authUser: USER_NAME,
  authStatus: AUTH_STATUS,
  validity: VALIDITY,
};

export const MANUAL_RECORD_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['pluginKey', 'authUser', 'authDomain', 'authStatus'],
  properties: {
    pluginKey: PLUGIN_KEY,
    authUser: USER_NAME,
    authDomain: DOMAIN_INPUT,
    authStatus: AUTH_STATUS,
    authTime: TIMESTAMP,
    expireTime: TIMESTAMP,
    license: { type: 'string', maxLength: 8192 },
  },
};

export const RECORD_EDIT_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    authStatus: AUTH_STATUS,
    authTime: { anyOf: [TIMESTAMP, { type: 'null' }] },
    expireTime: { anyOf: [TIMESTAMP, { type: 'null' }] },
    license: { anyOf: [{ type: 'string', maxLength: 8192 }, { type: 'null' }] },
    resourceVersion: { type: 'string', pattern: '^[0-9]+$' },
  },
};

export const BATCH_RESULT = {
  type: 'object',
  properties: { changed: { type: 'array', items: { type: 'string' } }, unchanged: { type: 'array', items: { type: 'string' } } },
};
