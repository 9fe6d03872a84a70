import crypto from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import forge from 'node-forge';

/**
 * A TLS terminator in front of the test server: kubectl (client-go) only sends bearer tokens over https,
 * so kubectl tests reach the real HTTP server through this byte-for-byte pipe with a self-signed
 * certificate (and --insecure-skip-tls-verify).
 */
export interface TlsProxy {
  url: string;
  close(): Promise<void>;
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
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] }]);
  cert.sign(forgeKey, forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert) };
}

export async function startTlsProxy(targetPort: number): Promise<TlsProxy> {
  const sockets = new Set<net.Socket>();
  const server = tls.createServer(selfSignedCertificate(), (client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
