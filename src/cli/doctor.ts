import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { configFromEnv, type HostConfig } from '../host/config.js';
import { parseConfigMap } from '../host/settings/config-map-values.js';
import { ConfigMap, type GroupValues } from '../host/settings/types.js';
import { openHostStore, sqliteFile, type HostStore } from './host-store.js';

type Status = 'ok' | 'warn' | 'fail';
interface Verdict {
  check: string;
  status: Status;
  detail: string;
}

/** ConfigMaps of the settings the checks read: the host's (host-settings.yaml) and the payment service's. */
const HOST_CONFIG_MAP = 'host-settings';
const PAYMENT_CONFIG_MAP = 'payment-configmap';
const NETWORK_TIMEOUT_MS = 10_000;
const CERT_WARN_DAYS = 21;

const ok = (check: string, detail: string): Verdict => ({ check, status: 'ok', detail });
const warn = (check: string, detail: string): Verdict => ({ check, status: 'warn', detail });
const fail = (check: string, detail: string): Verdict => ({ check, status: 'fail', detail });
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function withTimeout<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${NETWORK_TIMEOUT_MS / 1000} s`)), NETWORK_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function isLocal(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]', '0.0.0.0'].includes(url.hostname) || url.hostname.endsWith('.localhost');
}

function checkConfiguration(config: HostConfig, env: NodeJS.ProcessEnv): Verdict {
  const where = `port ${config.port}, ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}, base URL ${config.baseUrl}`;
  if (!env.AUTHPAY_BASE_URL) return warn('configuration', `${where}; AUTHPAY_BASE_URL is not set, so links in e-mails name localhost`);
  let base: URL;
  try {
    base = new URL(config.baseUrl);
  } catch {
    return fail('configuration', `AUTHPAY_BASE_URL "${config.baseUrl}" is not a URL`);
  }
  if (config.production && base.protocol !== 'https:') return warn('configuration', `${where}; production with an http:// base URL`);
  return ok('configuration', where);
}

/** The directory itself or its nearest ancestor that exists: the doctor looks, it does not create. */
function nearestExisting(dir: string): string {
  let current = path.resolve(dir);
  while (!fs.existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

async function checkStore(config: HostConfig, env: NodeJS.ProcessEnv): Promise<{ verdict: Verdict; host?: HostStore }> {
  if (!config.databaseUrl && !fs.existsSync(sqliteFile(config))) {
    const existing = nearestExisting(config.dataDir);
    try {
      fs.accessSync(existing, fs.constants.W_OK);
    } catch (err) {
      return { verdict: fail('store', `the data directory ${config.dataDir} cannot be made or written (${existing}): ${message(err)}`) };
    }
    return { verdict: warn('store', `no database at ${sqliteFile(config)} yet: the first start creates it`) };
  }
  try {
    const host = await withTimeout('the store', openHostStore(env));
    const revision = await withTimeout('the store', host.store.currentRevision());
    const what = config.databaseUrl ? 'PostgreSQL' : `SQLite ${sqliteFile(config)}`;
    return { verdict: ok('store', `${what} answers (revision ${revision})`), host };
  } catch (err) {
    return { verdict: fail('store', `cannot open the store: ${message(err)}`) };
  }
}

function checkTls(config: HostConfig): Verdict {
  if (!config.tls) return ok('TLS', 'not configured: plain HTTP (terminate TLS at the proxy in front)');
  try {
    const cert = new crypto.X509Certificate(fs.readFileSync(config.tls.cert));
    const key = crypto.createPrivateKey(fs.readFileSync(config.tls.key));
    if (!cert.checkPrivateKey(key)) return fail('TLS', `${config.tls.key} is not the key of ${config.tls.cert}`);
    const daysLeft = Math.floor((Date.parse(cert.validTo) - Date.now()) / 86_400_000);
    if (daysLeft < 0) return fail('TLS', `certificate ${config.tls.cert} expired on ${cert.validTo}`);
    const detail = `certificate for ${cert.subject.replace(/\n/g, ', ')} valid until ${cert.validTo}`;
    return daysLeft < CERT_WARN_DAYS ? warn('TLS', `${detail}: ${daysLeft} days left`) : ok('TLS', detail);
  } catch (err) {
    return fail('TLS', `cannot use AUTHPAY_TLS_CERT/AUTHPAY_TLS_KEY: ${message(err)}`);
  }
}

async function group(host: HostStore, configMap: string, name: string): Promise<GroupValues | undefined> {
  const cm = await host.client.fetch(ConfigMap, configMap);
  return cm ? parseConfigMap(cm).groups[name] : undefined;
}

async function checkSmtp(host: HostStore | undefined): Promise<Verdict> {
  if (!host) return warn('SMTP', 'not checked: the store is not open');
  const smtp = await group(host, HOST_CONFIG_MAP, 'smtp');
  const hostname = typeof smtp?.host === 'string' ? smtp.host.trim() : '';
  if (!hostname || typeof smtp?.from !== 'string' || !smtp.from.trim()) {
    return warn('SMTP', 'not configured (host settings, e-mail): no e-mail is sent');
  }
  const secure = smtp.secure === true || String(smtp.secure) === 'true';
  const port = Number(smtp.port) || (secure ? 465 : 587);
  // Connection and greeting only: reachability, not the credentials (kept secret in the store).
  const transport = nodemailer.createTransport({
    host: hostname,
    port,
    secure,
    connectionTimeout: NETWORK_TIMEOUT_MS,
    greetingTimeout: NETWORK_TIMEOUT_MS,
  });
  try {
    await withTimeout(`SMTP ${hostname}:${port}`, transport.verify());
    return ok('SMTP', `${hostname}:${port} answers`);
  } catch (err) {
    return fail('SMTP', `${hostname}:${port} is not reachable: ${message(err)}`);
  } finally {
    transport.close();
  }
}

async function checkCallbackDomain(host: HostStore | undefined, config: HostConfig): Promise<Verdict> {
  const general = host ? await group(host, PAYMENT_CONFIG_MAP, 'general') : undefined;
  const setting = typeof general?.callbackDomain === 'string' ? general.callbackDomain.trim() : '';
  const source = setting ? 'payment settings, callback domain' : 'no callback domain set: the base URL';
  let url: URL;
  try {
    url = new URL(setting || config.baseUrl);
  } catch {
    return fail('callback domain', `"${setting}" (${source}) is not a URL`);
  }
  if (!['http:', 'https:'].includes(url.protocol)) return fail('callback domain', `${url.href} (${source}) is not http(s)`);
  if (isLocal(url)) return warn('callback domain', `${url.origin} (${source}): payment providers cannot reach it`);
  if (url.protocol !== 'https:') return warn('callback domain', `${url.origin} (${source}): most providers require https`);
  return ok('callback domain', `${url.origin} (${source})`);
}

function print(verdicts: Verdict[]): void {
  const width = Math.max(...verdicts.map((v) => v.check.length));
  for (const v of verdicts) process.stdout.write(`${v.status.toUpperCase().padEnd(4)}  ${v.check.padEnd(width)}  ${v.detail}\n`);
  const failed = verdicts.filter((v) => v.status === 'fail').length;
  const warned = verdicts.filter((v) => v.status === 'warn').length;
  process.stdout.write(failed ? `\n${failed} check(s) failed, ${warned} warning(s)\n` : `\nall checks passed, ${warned} warning(s)\n`);
}

/**
 * `authpay doctor`: configuration, store, TLS files, SMTP reachability and the callback domain, one verdict
 * each (OK, WARN, FAIL); exits 1 when any check fails. Reads the same environment as `authpay serve`.
 */
export async function doctor(env: NodeJS.ProcessEnv): Promise<number> {
  let config: HostConfig;
  try {
    config = configFromEnv(env);
  } catch (err) {
    print([fail('configuration', message(err))]);
    return 1;
  }
  const verdicts = [checkConfiguration(config, env)];
  const store = await checkStore(config, env);
  verdicts.push(store.verdict, checkTls(config));
  try {
    verdicts.push(await checkSmtp(store.host), await checkCallbackDomain(store.host, config));
  } finally {
    await store.host?.close();
  }
  print(verdicts);
  return verdicts.some((v) => v.status === 'fail') ? 1 : 0;
}
