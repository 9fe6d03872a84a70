/** Shapes the plugin-authorization console operations answer (see /openapi.json). */
export interface Meta {
  name: string;
  resourceVersion?: string;
  creationTimestamp?: string;
}

export interface SitePluginSpec {
  key: string;
  name: string;
  price: number;
  logo?: string;
  description?: string;
  version?: string;
  author?: string;
  authCountLimit?: number;
  docs?: string;
  url?: string;
  payUrl?: string;
  priority?: number;
}

export interface SitePlugin {
  metadata: Meta;
  spec: SitePluginSpec;
  priceType: 'FREE' | 'LIMITED_FREE' | 'PAID';
}

export interface AuthLog {
  metadata: Meta;
  spec: {
    pluginKey: string;
    authUser: string;
    authDomain: string;
    authStatus: 0 | 1;
    /** Created through the public API and not yet confirmed by its user. */
    unconfirmed?: boolean;
    authTime?: string;
    expireTime?: string;
    license?: string;
  };
  expireTimeDisplay?: { validity: 'PERMANENT' | 'LIMITED' | 'EXPIRED' | 'NONE'; text: string; textEn: string };
}

export interface PermanentCode {
  metadata: Meta;
  spec: {
    code: string;
    pluginKey: string;
    channel: string;
    status: 'PENDING' | 'USED' | 'EXPIRED';
    restrictedUser?: string;
    authUser?: string;
    authDomain?: string;
    authTime?: string;
    expiresAt?: string;
    createdBy?: string;
  };
}

export interface PermanentUser {
  metadata: Meta;
  spec: { pluginKey: string; authUser: string; authTime: string; source: 'CODE' | 'MANUAL'; code?: string; createdBy?: string };
}
