import type { JWK } from 'jose';
import { defineKind } from '../../host/sdk/index.js';

/** The stored license key: its thumbprint and the private JWK. */
export interface LicenseKeySpec {
  kid: string;
  privateJwk: JWK;
}

/**
 * The kind (extensions/license-signing-key.yaml). A group of its own, so the console roles that grant the
 * service's resources never reach the private key.
 */
export const LicenseSigningKey = defineKind<LicenseKeySpec>({
  group: 'keys.pluginauth.authpay.dev',
  version: 'v1alpha1',
  kind: 'LicenseSigningKey',
  plural: 'licensesigningkeys',
});
