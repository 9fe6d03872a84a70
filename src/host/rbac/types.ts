import { HOST_GROUP, HOST_VERSION } from '../resource/host-group.js';
import { defineKind, type TopLevel } from '../resource/kind-def.js';
import type { Resource } from '../resource/types.js';

/** One permission rule, in the shape of a Kubernetes PolicyRule. */
export interface PolicyRule {
  apiGroups?: string[];
  /** `res`, `res/sub`, `*`, `*` plus `/sub`, or (AuthPay extension) `res/*` for every subresource of res. */
  resources?: string[];
  /** When present, the rule applies only to these object names. */
  resourceNames?: string[];
  /** Paths outside /api and /apis; a trailing `*` matches any suffix. */
  nonResourceURLs?: string[];
  /** get, list, watch, create, update, patch, delete, deletecollection (resources); lower-case HTTP methods (non-resource URLs); or `*`. */
  verbs: string[];
}

/** A Role keeps its rules at the top level, as Kubernetes' does. */
export interface RoleFields {
  rules?: PolicyRule[];
}

export type Role = Resource & RoleFields;
export const Role = defineKind<TopLevel<RoleFields>>({ group: HOST_GROUP, version: HOST_VERSION, kind: 'Role', plural: 'roles' });

export interface Subject {
  kind: 'User';
  name: string;
  apiGroup?: string;
}

/** A RoleBinding keeps its subjects and role at the top level, as Kubernetes' does. */
export interface RoleBindingFields {
  subjects: Subject[];
  roleRef: { kind: 'Role'; name: string; apiGroup?: string };
}

export type RoleBinding = Resource & RoleBindingFields;
export const RoleBinding = defineKind<TopLevel<RoleBindingFields>>({
  group: HOST_GROUP,
  version: HOST_VERSION,
  kind: 'RoleBinding',
  plural: 'rolebindings',
});

export const SUPER_ROLE = 'super-role';
export const AUTHENTICATED_ROLE = 'authenticated';
export const ANONYMOUS_ROLE = 'anonymous';

export const LABEL_ROLE_TEMPLATE = 'authpay.dev/role-template';
export const LABEL_HIDDEN = 'authpay.dev/hidden';
export const LABEL_SYSTEM_RESERVED = 'authpay.dev/system-reserved';
export const LABEL_AGGREGATE_PREFIX = 'authpay.dev/aggregate-to-';
export const ANNOTATION_MODULE = 'authpay.dev/module';
export const ANNOTATION_DISPLAY_NAME = 'authpay.dev/display-name';
/** The role's description for people (zh-CN); `-en` suffixed annotations carry the English texts. */
export const ANNOTATION_DESCRIPTION = 'authpay.dev/description';
/** Suffix of the English variant of a text annotation (`authpay.dev/display-name-en`). */
export const ENGLISH_ANNOTATION_SUFFIX = '-en';
export const ANNOTATION_UI_PERMISSIONS = 'authpay.dev/ui-permissions';
export const ANNOTATION_DEPENDENCIES = 'authpay.dev/dependencies';

/** What a caller may do after dependency and aggregation expansion. */
export interface EffectivePermissions {
  /** Every role reached from the caller's roots, in expansion order. */
  roles: string[];
  rules: PolicyRule[];
  uiPermissions: string[];
}
