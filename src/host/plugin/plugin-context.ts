import type { RequestHandler, Router } from 'express';
import type { ExtensionClient } from '../client/extension-client.js';
import type { KindRegistry } from '../schema/kind-registry.js';
import type { OperationDef } from '../api/operations/operation.js';
import type { Logger } from '../logging/logger.js';
import type { Notifier } from '../notifications/types.js';
import type { Attachments } from '../attachments/types.js';
import type { PluginSettings } from '../settings/settings-service.js';
import type { JobRegistrar } from '../scheduler/types.js';
import type { ControllerRegistrar } from '../controller/types.js';
import type { RateLimit, RateLimitOptions } from '../ratelimit/rate-limiter.js';

/**
 * Everything a plugin gets from the host. Plugin code reaches the platform only through this object, so a
 * different host that provides the same context can load it.
 */
export interface PluginContext {
  /** plugin.yaml metadata.name */
  name: string;
  version: string;
  client: ExtensionClient;
  registry: KindRegistry;
  logger: Logger;
  /** Public base URL (links in e-mails, callbacks, payment pages). */
  baseUrl: string;
  production: boolean;
  /** Business operations under /apis/{group}/{version}/… (validated, enveloped, documented). */
  addOperation(def: OperationDef): void;
  /** Non-API routes such as HTML pages (/payment/:id); checked by the same authorization middleware. */
  addRoute(path: string, router: Router): void;
  /**
   * Middleware for requests under path, run after authentication and authorization and before the business
   * operations (so it can answer CORS preflights, rate-limit, or check a service's own API secret). It sees
   * the request unchanged: req.path is the full path, not relative to `path`.
   */
  addMiddleware(path: string, handler: RequestHandler): void;
  /**
   * A named rate limit (`rateLimits('public', { limit, windowMs })`), counted per key. On PostgreSQL every
   * replica counts against the same limit; on SQLite the one process counts in memory. Names are scoped to
   * the plugin.
   */
  rateLimits(name: string, options: RateLimitOptions): RateLimit;
  /** Runs fn when the plugin stops (stop jobs, controllers, timers). */
  onStop(fn: () => Promise<void> | void): void;
  /** The notification center: `notifications.send({ template, to, variables, dedupeKey })` (docs/notifications.md). */
  notifications: Notifier;
  /** Small files kept by the host and served at `/attachments/{name}` with their content type (docs/attachments.md). */
  attachments: Attachments;
  /** Typed settings: `settings.get<T>(settingName, group?)`, `update`, `onChange` (docs/settings.md). */
  settings: PluginSettings;
  /** Cron jobs, run on the leader only; unregistered when the plugin stops (docs/scheduler.md). */
  scheduler: JobRegistrar;
  /** Reconcilers per kind, run on the leader only; stopped with the plugin (docs/reconcilers.md). */
  controllers: ControllerRegistrar;
  /**
   * Declares the site's time zone, read per request: the apps show every day and time in it (getCurrentUser's
   * `timeZone`), so a list's times and a report's days agree. The payment service declares its reporting zone.
   */
  useSiteTimeZone?(read: () => Promise<string>): void;
}

/** The entry a plugin package exports. */
export interface PluginEntry {
  start(context: PluginContext): Promise<void>;
  stop?(): Promise<void>;
}

export interface PluginManifest {
  apiVersion: string;
  kind: 'Plugin';
  metadata: { name: string };
  spec: {
    version: string;
    requires?: string;
    displayName?: string;
    description?: string;
    settingName?: string;
    configMapName?: string;
    /** Module path of the entry, relative to the manifest. */
    main?: string;
  };
}
