import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as yaml from 'js-yaml';
import type { Router, RequestHandler } from 'express';
import { configFromEnv, type HostConfig } from './config.js';
import { createLogger, type Logger } from './logging/logger.js';
import { openStore } from './store/open-store.js';
import type { Store } from './store/store.js';
import { KindRegistry } from './schema/kind-registry.js';
import { ExtensionClient } from './client/extension-client.js';
import { OperationRegistry } from './api/operations/operation-registry.js';
import { IdempotencyKeys } from './api/operations/idempotency.js';
import { openApiSource } from './api/operations/openapi-source.js';
import { createApp } from './server/app.js';
import { createHttpServer } from './server/http-server.js';
import { mountGenericApi } from './api/generic/mount.js';
import { bootstrapTokenAuth } from './auth/bootstrap-token.js';
import { HostAuth } from './auth/host-auth.js';
import { HostMetrics } from './ops/metrics-registry.js';
import { opsMiddleware } from './ops/ops-middleware.js';
import { OPS_PATHS, opsRoutes } from './ops/ops-routes.js';
import { LOGIN_PATHS } from './auth/login-routes.js';
import { onlyFor } from './server/path-gate.js';
import type { WhitelistSource } from './ops/cors.js';
import { startNotificationCenter } from './notifications/start-notification-center.js';
import { outboxRetentionJob } from './notifications/outbox-retention.job.js';
import type { NotificationCenter } from './notifications/notification-center.js';
import { startWorkloads, type HostWorkloads } from './leader/workloads.js';
import { applySettingResources } from './settings/extension-loader.js';
import { uiPaths, uiRoutes, packageUiApps } from './ui/ui-routes.js';
import { useHostSettings } from './host-settings.js';
import { malformedObjectReporter } from './ops/malformed-object-report.js';
import type { PluginContext, PluginEntry, PluginManifest } from './plugin/plugin-context.js';
import { inMemoryRateLimits, type RateLimitFactory } from './ratelimit/rate-limiter.js';
import { openHostRateLimits } from './ratelimit/host-rate-limits.js';
import { runShutdown, type ShutdownOutcome, type ShutdownStep } from './lifecycle/shutdown.js';
import type { JobDefinition } from './scheduler/types.js';
import { ATTACHMENT_PATH, AttachmentStore } from './attachments/attachment-store.js';
import { attachmentRoutes } from './attachments/attachment-routes.js';

/** Package root (two levels above this file in src/ and in dist/). */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HOST_CRDS = path.join(PACKAGE_ROOT, 'src', 'host', 'crds');
/** How long requests in flight at shutdown may take before their connections are closed. */
const HTTP_GRACE_MS = 1000;

export interface LoadedPlugin {
  manifest: PluginManifest;
  /** Directory holding plugin.yaml and extensions/. */
  dir: string;
  entry: PluginEntry;
}

/**
 * The embedded host platform: store, kinds, client, HTTP server, and the plugins it runs. Tests start one
 * per suite on port 0 with a temporary data directory.
 */
export class HostRuntime {
  readonly config: HostConfig;
  readonly logger: Logger;
  readonly registry = new KindRegistry();
  readonly operations = new OperationRegistry();
  store!: Store;
  client!: ExtensionClient;
  /** Users, sessions, tokens and RBAC (src/host/auth, rbac, users). */
  auth!: HostAuth;
  /** Prometheus registry (src/host/ops): components add counters through it, e.g. metrics.recordJobRun. */
  readonly metrics = new HostMetrics();
  /** Rate limits (log-in, sign-up, plugins' public endpoints): shared by the replicas on PostgreSQL. */
  rateLimits: RateLimitFactory = inMemoryRateLimits;
  /** Notification center (src/host/notifications); SMTP settings via notifications.useSmtpSettings. */
  notifications!: NotificationCenter;
  attachments!: AttachmentStore;
  /** Settings, scheduler, controllers and leader election (src/host/settings, scheduler, controller, leader). */
  workloads!: HostWorkloads;
  /** The host CORS whitelist (exact origins or `*`), read per request; the settings accessor replaces it. */
  corsWhitelist: WhitelistSource = () => [];
  server?: http.Server;
  private readonly pluginRoutes: Array<{ path: string; router: Router }> = [];
  /** Plugin middleware run before the business operations of its path (CORS, rate limits, API secrets). */
  private readonly pluginMiddleware: Array<{ path: string; router: RequestHandler }> = [];
  /** Run in reverse order by stop(), each named for the log when it fails or outlives the deadline. */
  private readonly stopHooks: ShutdownStep[] = [];
  private readonly plugins: LoadedPlugin[] = [];
  /** Error handlers for path families that do not answer in the envelope (the generic API's Status). */
  readonly errorHandlers: NonNullable<Parameters<typeof createApp>[0]['errorHandlers']> = [];

  constructor(config: Partial<HostConfig> = {}, env: NodeJS.ProcessEnv = process.env) {
    this.config = { ...configFromEnv(env), ...config };
    this.logger = createLogger(this.config.logLevel);
  }

  /** Opens the store and registers the host's kinds. */
  async init(): Promise<void> {
    this.store = await openStore(this.config);
    this.registry.loadDirectory(HOST_CRDS);
    this.client = new ExtensionClient(this.registry, this.store, { onMalformed: malformedObjectReporter(this.logger, this.metrics) });
    await this.ensureKinds();
    const idempotency = new IdempotencyKeys(this.client, this.logger);
    this.operations.useIdempotency(idempotency);
    const rateLimits = await openHostRateLimits(this.store, this.config.databaseUrl, this.logger);
    this.rateLimits = rateLimits.factory;
    this.onStop('rate limits', () => rateLimits.close());
    // [init:components] host components that need the client are created below, one line each.
    this.attachments = new AttachmentStore(this.client);
    this.notifications = startNotificationCenter({
      client: this.client,
      logger: this.logger,
      metrics: this.metrics,
      baseUrl: this.config.baseUrl,
      operations: this.operations,
      templateDirs: [path.join(PACKAGE_ROOT, 'templates', 'notifications')],
    });
    this.onStop('notifications', () => this.notifications.stop());
    this.auth = await HostAuth.start({
      client: this.client,
      logger: this.logger,
      operations: this.operations,
      baseUrl: this.config.baseUrl,
      adminPassword: this.config.adminPassword,
      rateLimits: this.rateLimits,
    });
    this.onStop('auth', () => this.auth.stop());
    this.workloads = await startWorkloads({
      client: this.client,
      store: this.store,
      logger: this.logger,
      operations: this.operations,
      databaseUrl: this.config.databaseUrl,
      onJobRun: (job, outcome, ms) => this.metrics.recordJobRun(job, outcome, ms === undefined ? undefined : ms / 1000),
    });
    this.onStop('leader election, scheduler and controllers', () => this.workloads.stop());
    await useHostSettings(this.workloads.settings, this.client, {
      auth: this.auth,
      notifications: this.notifications,
      cors: (source) => (this.corsWhitelist = source),
      outboxRetention: (days) =>
        this.onStop(
          'outbox retention job',
          this.workloads.scheduler.register(outboxRetentionJob({ client: this.client, retentionDays: days })),
        ),
    });
    this.onStop('idempotency retention job', this.workloads.scheduler.register(idempotencyRetentionJob(idempotency)));
  }

  private onStop(name: string, run: ShutdownStep['run']): void {
    this.stopHooks.push({ name, run });
  }

  private async ensureKinds(): Promise<void> {
    for (const kind of this.registry.kinds()) await this.store.ensureKind(kind);
  }

  /** Registers a plugin's kinds and starts it with its context. */
  async loadPlugin(plugin: LoadedPlugin): Promise<void> {
    this.registry.loadDirectory(path.join(plugin.dir, 'extensions'));
    await this.ensureKinds();
    await this.auth.applyRoleTemplates(path.join(plugin.dir, 'extensions'));
    await applySettingResources(this.client, path.join(plugin.dir, 'extensions'), {
      pluginName: plugin.manifest.metadata.name,
      settingName: plugin.manifest.spec.settingName,
      configMapName: plugin.manifest.spec.configMapName,
      logger: this.logger,
      cache: this.workloads.settings,
    });
    this.plugins.push(plugin);
    await plugin.entry.start(this.contextFor(plugin));
  }

  contextFor(plugin: LoadedPlugin): PluginContext {
    const name = plugin.manifest.metadata.name;
    return {
      name: plugin.manifest.metadata.name,
      version: plugin.manifest.spec.version,
      client: this.client,
      registry: this.registry,
      logger: this.logger.child({ plugin: plugin.manifest.metadata.name }),
      baseUrl: this.config.baseUrl,
      production: this.config.production,
      addOperation: (def) => this.operations.add(def),
      addRoute: (p, router) => this.pluginRoutes.push({ path: p, router }),
      // Gated rather than mounted: a mount rewrites req.url, and Express then parses the (long) URL again.
      addMiddleware: (p, handler) => this.pluginMiddleware.push({ path: '/', router: onlyFor([p], handler) }),
      rateLimits: (limitName, options) => this.rateLimits(`${name}:${limitName}`, options),
      onStop: (fn) => this.onStop(`plugin ${name}: stop hook`, fn),
      settings: this.workloads.settings,
      scheduler: this.workloads.scheduler.scoped((fn) => this.onStop(`plugin ${name}: jobs`, fn)),
      controllers: this.workloads.controllers.scoped((fn) => this.onStop(`plugin ${name}: controllers`, fn)),
      notifications: this.notifications,
      attachments: this.attachments,
      useSiteTimeZone: (read) => this.auth.useSiteTimeZone(read),
    };
  }

  /** Builds the HTTP app and listens; resolves with the bound port. */
  async listen(): Promise<number> {
    const uiApps = packageUiApps(PACKAGE_ROOT);
    const before: RequestHandler[] = [
      // [listen:ops] request logging, security headers, CORS
      ...opsMiddleware({
        logger: this.logger,
        metrics: this.metrics,
        corsWhitelist: () => this.corsWhitelist(),
        production: this.config.production,
        tls: this.config.tls !== undefined,
        cacheablePrefixes: uiApps.map((app) => app.prefix),
      }),
      bootstrapTokenAuth(this.config.bootstrapToken),
      // [listen:authn] session, token and basic authentication
      // (it always sets req.principal: the caller, or ANONYMOUS)
      this.auth.authentication(),
      // [listen:authz] the one authorization middleware
      this.auth.authorization(),
    ];
    const openApi = openApiSource(() => this.operations.list());
    const ops = opsRoutes({
      getStore: () => this.store,
      metrics: this.metrics,
      logger: this.logger,
      openApi,
      unschedulableJobs: async () =>
        (await this.workloads.scheduler.schedules({ lastRuns: false }))
          .filter((j) => j.problem)
          .map(({ name, problemCode }) => ({ name, problemCode })),
    });
    const routes: Array<{ path: string; router: Router | RequestHandler }> = [
      // [listen:routes] host routes (generic API, login, health, metrics, openapi)
      { path: '/', router: onlyFor(OPS_PATHS, ops) },
      { path: '/', router: mountGenericApi(this) },
      { path: '/', router: onlyFor(LOGIN_PATHS, this.auth.routes()) },
      { path: '/', router: onlyFor([ATTACHMENT_PATH], attachmentRoutes(this.attachments)) },
      // browser apps: /console/ and /uc/ with SPA fallback (src/host/ui)
      { path: '/', router: onlyFor(uiPaths(uiApps), uiRoutes(uiApps)) },
      ...this.pluginMiddleware,
      { path: '/', router: this.operations.middleware() },
      ...this.pluginRoutes,
    ];
    const app = createApp({
      logger: this.logger,
      before,
      routes,
      errorHandlers: this.errorHandlers,
      bodyLimitFor: (req) => this.operations.bodyLimitFor(req),
      trustProxy: this.config.trustProxy,
    });
    this.server = createHttpServer(app, this.config.tls);
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.config.port, this.config.host, () => resolve());
    });
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : this.config.port;
  }

  /**
   * Stops within a deadline (config.shutdownTimeoutMs unless given): the HTTP server first (no new
   * requests; in-flight ones get a moment, then open keep-alive connections and watch streams are cut),
   * then the plugins and the host's components in reverse order of start, then the store. A step that
   * fails is logged and the next one runs; past the deadline the outcome names the step still running.
   */
  async stop(options: { timeoutMs?: number } = {}): Promise<ShutdownOutcome> {
    const steps: ShutdownStep[] = [
      { name: 'http server', run: () => this.closeServer() },
      ...this.plugins
        .splice(0)
        .reverse()
        .map((plugin) => ({ name: `plugin ${plugin.manifest.metadata.name}`, run: () => plugin.entry.stop?.() })),
      ...this.stopHooks.splice(0).reverse(),
      { name: 'store', run: () => this.store?.close() },
    ];
    const outcome = await runShutdown(steps, options.timeoutMs ?? this.config.shutdownTimeoutMs, this.logger);
    this.logger.flush();
    return outcome;
  }

  /** Stops listening, closes idle keep-alive connections, and cuts the rest after a short grace. */
  private async closeServer(): Promise<void> {
    const server = this.server;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), HTTP_GRACE_MS);
    await closed;
    clearTimeout(grace);
  }
}

/** Reads plugin.yaml of a package directory. */
export function readManifest(dir: string): PluginManifest {
  const manifest = yaml.load(fs.readFileSync(path.join(dir, 'plugin.yaml'), 'utf8')) as PluginManifest;
  if (manifest?.kind !== 'Plugin' || !manifest.metadata?.name || !manifest.spec?.version) {
    throw new Error(`${dir}/plugin.yaml is not a Plugin manifest with metadata.name and spec.version`);
  }
  return manifest;
}

/** Daily: forgets Idempotency-Key answers past their 24 hours (expired ones found on a request go at once too). */
function idempotencyRetentionJob(keys: IdempotencyKeys): JobDefinition {
  return {
    name: 'host:idempotency-retention',
    title: { zh: '清理幂等键记录', en: 'Clean up idempotency keys' },
    description: {
      zh: '删除超过 24 小时的幂等请求应答记录，此后同一个幂等键可以再次使用',
      en: 'Deletes the answers kept for Idempotency-Key requests once their 24 hours are over, so a key may be used again',
    },
    cron: '0 40 3 * * *',
    concurrency: 'FORBID',
    missedRunPolicy: 'FIRE_ONCE',
    timeoutMs: 10 * 60_000,
    handler: async (ctx) => ctx.reportCounts({ deleted: await keys.deleteExpired(ctx.signal) }),
  };
}
