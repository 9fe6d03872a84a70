import { X509Certificate, type KeyObject } from 'node:crypto';
import { BoundedCache, systemClock } from '../../../host/sdk/index.js';
import { ChannelError } from '../core/errors.js';
import { callGateway } from '../http/gateway-fetch.js';
import type { ChannelDeps } from '../core/types.js';
import { PAYPAL_CERT_HOSTS, type IntlWalletOptions } from './options.js';

/** Distinct certificate URLs kept; PayPal signs with one certificate at a time, a few during a rotation. */
const CACHE_CAPACITY = 32;
const FIRST_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/;

/**
 * PayPal's webhook signing certificates, fetched from `PAYPAL-CERT-URL` and cached by URL. The URL comes
 * from the webhook itself, so only PayPal's certificate hosts are asked (https, default port): a forger cannot
 * make us trust a certificate of its own. TLS to the pinned host is what vouches for the certificate; its
 * validity period is checked at each use. Configured extra origins serve the same role in tests.
 */
export class CertificateStore {
  readonly #cache = new BoundedCache<string, Promise<X509Certificate>>(CACHE_CAPACITY);

  constructor(
    private readonly options: IntlWalletOptions,
    private readonly deps: ChannelDeps = {},
  ) {}

  /** Whether a certificate URL points at PayPal (or a configured origin). */
  allowed(certUrl: string): boolean {
    let url: URL;
    try {
      url = new URL(certUrl);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    if (url.protocol === 'https:' && url.port === '' && PAYPAL_CERT_HOSTS.includes(url.hostname)) return true;
    return this.options.certOrigins.includes(url.origin);
  }

  /**
   * The public key of the certificate at an allowed URL. Throws BAD_SIGNATURE for a foreign host, a missing,
   * unreadable or expired certificate; CHANNEL_UNAVAILABLE when the host cannot be reached (PayPal resends).
   */
  async publicKey(certUrl: string, signal?: AbortSignal): Promise<KeyObject> {
    if (!this.allowed(certUrl)) refuse(`PAYPAL-CERT-URL host is not PayPal's: ${hostOf(certUrl)}`);
    let pending = this.#cache.get(certUrl);
    if (!pending) {
      pending = this.#fetch(certUrl, signal);
      this.#cache.set(certUrl, pending);
      // A failure is not remembered: the next webhook asks again.
      pending.catch(() => this.#cache.delete(certUrl));
    }
    const certificate = await pending;
    const now = (this.deps.clock ?? systemClock).now();
    if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo)) {
      refuse('the PayPal webhook certificate is not valid now');
    }
    return certificate.publicKey;
  }

  async #fetch(certUrl: string, signal?: AbortSignal): Promise<X509Certificate> {
    const response = await callGateway({
      url: certUrl,
      method: 'GET',
      headers: { accept: 'application/x-pem-file, */*' },
      timeoutMs: this.deps.timeoutMs,
      fetch: this.deps.fetch,
      signal,
    });
    if (response.status !== 200) refuse(`no certificate at PAYPAL-CERT-URL (HTTP ${response.status})`);
    const pem = FIRST_CERTIFICATE.exec(response.text)?.[0];
    try {
      if (pem) return new X509Certificate(pem);
    } catch {
      // reported below
    }
    return refuse('PAYPAL-CERT-URL does not serve a readable X.509 certificate');
  }
}

function refuse(message: string): never {
  throw new ChannelError('BAD_SIGNATURE', message, { details: [{ field: 'PAYPAL-CERT-URL', message, reason: 'CERTIFICATE' }] });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.slice(0, 100);
  } catch {
    return '(not a URL)';
  }
}
