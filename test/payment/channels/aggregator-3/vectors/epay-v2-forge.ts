/**
 * A second, deliberately separate implementation of the epay V2 signature rules, used only to make and
 * re-check the vectors in epay-v2.json: its own signing string (below, not src/payment/channels/epay) and
 * node-forge's pure-JavaScript SHA-256 and RSASSA-PKCS1-v1_5 (not node:crypto, which the adapter uses).
 * Rule (epay V2 SDK): sort parameter names in byte order, drop `sign`, `sign_type` and empty values, join
 * `name=value` with `&` using the raw values, sign with SHA256withRSA, base64.
 */
import forge from 'node-forge';

export function forgeSigningString(params: Record<string, string>): string {
  const names: string[] = [];
  for (const name of Object.keys(params)) {
    if (name === 'sign' || name === 'sign_type' || params[name] === '') continue;
    names.push(name);
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let out = '';
  for (const name of names) out += `${out ? '&' : ''}${name}=${params[name]}`;
  return out;
}

export function forgeSign(content: string, privateKeyPem: string): string {
  const key = forge.pki.privateKeyFromPem(privateKeyPem);
  const md = forge.md.sha256.create();
  md.update(content, 'utf8');
  return forge.util.encode64(key.sign(md));
}

export function forgeVerify(content: string, signature: string, publicKeyPem: string): boolean {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const md = forge.md.sha256.create();
  md.update(content, 'utf8');
  try {
    return key.verify(md.digest().bytes(), forge.util.decode64(signature));
  } catch {
    return false;
  }
}

export interface ForgeKeyPair {
  /** PKCS#8 PEM. */
  privateKeyPem: string;
  /** SPKI PEM. */
  publicKeyPem: string;
}

export function forgeKeyPair(): ForgeKeyPair {
  const pair = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const pkcs8 = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(pair.privateKey));
  return { privateKeyPem: forge.pki.privateKeyInfoToPem(pkcs8), publicKeyPem: forge.pki.publicKeyToPem(pair.publicKey) };
}
