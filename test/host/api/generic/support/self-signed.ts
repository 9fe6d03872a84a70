import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/**
 * A self-signed certificate for 127.0.0.1 written to dir: kubectl (client-go) only sends bearer tokens over
 * https, so kubectl tests run the server with its built-in TLS (AUTHPAY_TLS_CERT / AUTHPAY_TLS_KEY).
 */
export function writeSelfSignedCertificate(dir: string): { cert: string; key: string } {
  const { key, cert } = selfSignedCertificate();
  const files = { cert: path.join(dir, 'tls.crt'), key: path.join(dir, 'tls.key') };
  fs.writeFileSync(files.cert, cert);
  fs.writeFileSync(files.key, key, { mode: 0o600 });
  return files;
}

function selfSignedCertificate(): { key: string; cert: string } {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(key) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const subject = [{ name: 'commonName', value: 'localhost' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    {
      name: 'subjectAltName',
      altNames: [
        { type: 7, ip: '127.0.0.1' },
        { type: 2, value: 'localhost' },
      ],
    },
  ]);
  cert.sign(forgeKey, forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert) };
}
