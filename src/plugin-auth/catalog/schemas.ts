/** A catalog plugin's key as operations take it (the SitePlugin CRD checks the same on write). */
export const PLUGIN_KEY = { type: 'string', minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$' };
