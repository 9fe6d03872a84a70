import type { Resource } from '../../host/resource/types.js';
import type { PermanentCodeStatus } from '../domain/codes/permanent-code-redemption.js';

/** A catalog entry (spec "Catalog plugin"); price types are derived by domain/catalog/price-type.ts. */
export interface SitePluginSpec {
  key: string;
  name: string;
  logo?: string;
  description?: string;
  version?: string;
  author?: string;
  /** -1 unlimited; absent = the global limit setting. */
  authCountLimit?: number;
  docs?: string;
  url?: string;
  price: number;
  payUrl?: string;
  priority?: number;
}
export type SitePlugin = Resource<SitePluginSpec> & { spec: SitePluginSpec };

/** One (user, domain, plugin) authorization record (spec "Authorization record"). */
export interface AuthLogSpec {
  pluginKey: string;
  authUser: string;
  authDomain: string;
  authStatus: 0 | 1;
  authTime?: string;
  expireTime?: string;
  license?: string;
}
export type AuthLog = Resource<AuthLogSpec> & { spec: AuthLogSpec };

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
export type PermanentCode = Resource<PermanentCodeSpec> & { spec: PermanentCodeSpec };

export interface PermanentUserSpec {
  pluginKey: string;
  authUser: string;
  authTime: string;
  source: 'CODE' | 'MANUAL';
  code?: string;
  createdBy?: string;
}
export type PermanentUser = Resource<PermanentUserSpec> & { spec: PermanentUserSpec };

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
export type FreeCode = Resource<FreeCodeSpec> & { spec: FreeCodeSpec };
