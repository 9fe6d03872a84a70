/** JSON Schemas of the user operations, compiled once by the operation registry. */
import { labelled } from '../schema/field-labels.js';
import { singleLineText } from '../schema/text-formats.js';
export { HOST_UC_GROUP, HOST_CONSOLE_GROUP } from '../api/host-groups.js';

export const USERNAME_SCHEMA = {
  type: 'string',
  minLength: 2,
  maxLength: 63,
  pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
  description: 'DNS-label user name',
};
export const EMAIL_SCHEMA = { ...singleLineText(254, 3), description: 'e-mail address' };
/** A person's shown name: one line, no control, lone-surrogate or bidi override characters. */
export const DISPLAY_NAME_SCHEMA = singleLineText(128, 1);
export const PASSWORD_SCHEMA = { type: 'string', minLength: 8, maxLength: 256 };

export const PUBLIC_USER_SCHEMA = {
  type: 'object',
  required: ['name', 'displayName', 'email', 'disabled'],
  properties: {
    name: { type: 'string' },
    displayName: { type: 'string' },
    email: { type: 'string' },
    disabled: { type: 'boolean' },
    creationTimestamp: { type: 'string' },
    lastLoginAt: { type: 'string' },
    language: { type: 'string', enum: ['zh-CN', 'en'], description: 'the language the user chose; absent until chosen' },
  },
};

/** updateCurrentUser: only the keys given change; fields named by the profile form's labels. */
export const PROFILE_CHANGE_BODY = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    displayName: labelled(DISPLAY_NAME_SCHEMA, { zh: '显示名', en: 'Display name' }),
    email: labelled(EMAIL_SCHEMA, { zh: '邮箱', en: 'E-mail' }),
    language: labelled({ type: 'string', enum: ['zh-CN', 'en'] }, { zh: '界面语言', en: 'Language' }),
  },
};

/** The sign-up and new-user forms' fields, named in messages by their labels there. */
export const NEW_USER_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'email', 'password'],
  properties: {
    username: labelled(USERNAME_SCHEMA, { zh: '用户名', en: 'User name' }),
    email: labelled(EMAIL_SCHEMA, { zh: '邮箱', en: 'E-mail' }),
    password: labelled(PASSWORD_SCHEMA, { zh: '密码', en: 'Password' }),
    displayName: labelled(DISPLAY_NAME_SCHEMA, { zh: '显示名', en: 'Display name' }),
  },
};

export const ROLES_SCHEMA = { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 253 } };

export const USER_NAME_PARAMS = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 253 } },
};
