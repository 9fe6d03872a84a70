import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/groups.js';
import type { PermanentCodeStatus } from './permanent-code-redemption.js';

export interface PermanentCodeSpec {
  code: string;
  pluginKey: string;
  channel: string;
  status: PermanentCodeStatus;
  restrictedUser?: string;
  authUser?: string;
  authDomain?: string;
  authTime?: string;
  expiresAt?: string;
  createdBy?: string;
}

/** The kind (extensions/permanent-auth-code.yaml). */
export const PermanentAuthCode = defineKind<PermanentCodeSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'PermanentAuthCode',
  plural: 'permanentauthcodes',
});
export type PermanentCode = ObjectOf<typeof PermanentAuthCode>;

/** A temporary free code (DESIGN: 8 characters, 5 minutes, single use). */
export interface FreeCodeSpec {
  code: string;
  createdAt: string;
  /** When set, the code works only for this plugin. */
  pluginKey?: string;
  used?: boolean;
  usedBy?: string;
  usedAt?: string;
  authDomain?: string;
  /** Who asked for it (public API caller, user name, or an administrator). */
  createdBy?: string;
}

/** The kind (extensions/free-auth-code.yaml). */
export const FreeAuthCode = defineKind<FreeCodeSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'FreeAuthCode',
  plural: 'freeauthcodes',
});
export type FreeCode = ObjectOf<typeof FreeAuthCode>;
