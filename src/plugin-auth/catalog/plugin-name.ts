import { sanitizePart, tripleHash } from '../resource-names/dns-safe-name.js';

const DNS_NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/**
 * The SitePlugin resource name for a key: the key itself when it is already a valid resource name (the
 * spec's "normally equal to the plugin resource name"), else the key made DNS-safe plus a hash of the exact
 * key, so keys such as "My_Plugin" and "my-plugin" never share a name.
 */
export function pluginResourceName(key: string): string {
  if (key.length <= 253 && DNS_NAME.test(key) && !key.includes('..')) return key;
  const readable = sanitizePart(key, 200) || 'plugin';
  return `${readable}-${tripleHash(key, '', '')}`;
}
