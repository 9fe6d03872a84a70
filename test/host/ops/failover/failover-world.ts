/**
 * Two real replicas (`authpay serve` children) on one fresh PostgreSQL schema behind a real nginx, the business
 * system's notifyUrl receiver, and this test process's own store client for reading what was committed.
 * close() kills every child and nginx and drops the schema, whatever state the test left them in.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../../../bench/lib/server-process.js';
import { ExtensionClient } from '../../../../src/host/client/extension-client.js';
import { KindRegistry } from '../../../../src/host/schema/kind-registry.js';
import { PostgresStore } from '../../../../src/host/store/postgres-store.js';
import { NotifyReceiver } from '../../../payment/support/notify-receiver.js';
import { startServerProcess, type ServerProcess } from '../../../support/server-process.js';
import { bearer, call, type Answer } from '../../auth/harness.js';
import { PG_URL } from '../../store/harness.js';
import { startNginx, type NginxProxy } from './nginx-proxy.js';

export const BOOTSTRAP_TOKEN = 'failover-bootstrap-token-0123456789abcdef';
export const ADMIN_PASSWORD = 'failover-admin-password-1';
export const PAYMENT_CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
export const PAYMENT_PUBLIC = '/apis/api.payment.authpay.dev/v1alpha1';
export const HOST_CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';
export const PLUGIN_CONSOLE = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
export const PLUGIN_PUBLIC = '/apis/api.pluginauth.authpay.dev/v1alpha1/public';
/** No single set-up request may hang the test. */
const STEP_MS = 60_000;

export class FailoverWorld {
  readonly schema = `failover_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  readonly replicas: ServerProcess[] = [];
  nginx!: NginxProxy;
  receiver!: NotifyReceiver;
  client!: ExtensionClient;
  private store?: PostgresStore;

  /** Starts the receiver, the two replicas (one after the other: the first creates the tables) and nginx. */
  async start(nginxBinary: string): Promise<void> {
    this.receiver = await new NotifyReceiver().start();
    const port = await freePort();
    const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${this.schema}`;
    const env = {
      AUTHPAY_DATABASE_URL: url,
      AUTHPAY_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN,
      AUTHPAY_ADMIN_PASSWORD: ADMIN_PASSWORD,
      AUTHPAY_BASE_URL: `http://127.0.0.1:${port}`,
    };
    for (let i = 0; i < 2; i++) this.replicas.push(await startServerProcess(env));
    this.nginx = await startNginx(
      nginxBinary,
      this.replicas.map((r) => new URL(r.url).host),
      port,
    );
    const registry = new KindRegistry();
    registry.loadDirectory(path.resolve('src/host/crds'));
    registry.loadDirectory(path.resolve('extensions'));
    this.store = await PostgresStore.connect(PG_URL, { schema: this.schema, poolSize: 2 });
    for (const kind of registry.kinds()) await this.store.ensureKind(kind); // the tables exist: this learns their layout
    this.client = new ExtensionClient(registry, this.store);
  }

  /** An administrator's call through nginx; anything but 2xx fails the set-up, naming the call. */
  async admin<T = unknown>(method: string, apiPath: string, json?: unknown): Promise<T> {
    const res: Answer<T> = await call<T>(`${this.nginx.url}${apiPath}`, {
      method,
      headers: bearer(BOOTSTRAP_TOKEN),
      json,
      signal: AbortSignal.timeout(STEP_MS),
    });
    if (res.status >= 300) throw new Error(`${method} ${apiPath}: ${res.status} ${res.text}`);
    return res.body.data;
  }

  /** The pid in the scheduler lease's holder identity (`host-pid-suffix`), once some replica holds it. */
  async leaderPid(): Promise<number | undefined> {
    const lease = await this.client.fetch('Lease', 'authpay-leader');
    const holder = (lease?.spec as { holderIdentity?: string } | undefined)?.holderIdentity;
    const pid = /-(\d+)-[0-9a-f]+$/.exec(holder ?? '')?.[1];
    return pid ? Number(pid) : undefined;
  }

  /** What the replicas printed (warnings and errors) and nginx's error log, for a failure's message. */
  output(): string {
    const replicas = this.replicas.map((p, i) => `--- replica ${i} (${p.pid}) ---\n${p.output()}`).join('\n');
    return `${replicas}\n--- nginx error.log ---\n${this.nginx?.errorLog() ?? ''}`;
  }

  async close(failed: boolean): Promise<void> {
    if (failed) console.error(this.output());
    await Promise.allSettled(this.replicas.map((p) => p.kill()));
    await this.nginx?.stop().catch(() => undefined);
    await this.receiver?.stop().catch(() => undefined);
    await this.store?.close().catch(() => undefined);
    const db = new pg.Client({ connectionString: PG_URL });
    await db.connect();
    try {
      await db.query(`DROP SCHEMA IF EXISTS "${this.schema}" CASCADE`);
    } finally {
      await db.end();
    }
  }
}
