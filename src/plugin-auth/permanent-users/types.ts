import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/groups.js';

/** A user's long-term entitlement to a plugin: their applications are authorized permanently at once. */
export interface PermanentUserSpec {
  pluginKey: string;
  authUser: string;
  authTime: string;
  source: 'CODE' | 'MANUAL' | 'PURCHASE';
  code?: string;
  /** The paid order of a PURCHASE entitlement (its full refund withdraws it). */
  paymentId?: string;
  createdBy?: string;
}

/** The kind (extensions/permanent-auth-user.yaml). */
export const PermanentAuthUser = defineKind<PermanentUserSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'PermanentAuthUser',
  plural: 'permanentauthusers',
});
export type PermanentUser = ObjectOf<typeof PermanentAuthUser>;
