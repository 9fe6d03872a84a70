/** Shapes of the user-center plugin-authorization operations. */
export interface CatalogPlugin {
  metadata: { name: string };
  spec: {
    key: string;
    name: string;
    price: number;
    logo?: string;
    description?: string;
    version?: string;
    author?: string;
    docs?: string;
    url?: string;
    payUrl?: string;
  };
  priceType: 'FREE' | 'LIMITED_FREE' | 'PAID';
}

export interface MyAuthLog {
  metadata: { name: string; creationTimestamp?: string };
  spec: {
    pluginKey: string;
    authUser: string;
    authDomain: string;
    authStatus: 0 | 1;
    authTime?: string;
    expireTime?: string;
    /** Applied for in the user's name through the public API; the user confirms it or deletes it. */
    unconfirmed?: boolean;
  };
  expireTimeDisplay?: { validity: 'PERMANENT' | 'LIMITED' | 'EXPIRED' | 'NONE'; text: string };
}
