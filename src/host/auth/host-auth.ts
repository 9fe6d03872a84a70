import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestHandler, Router } from 'express';
import type { ExtensionClient } from '../client/extension-client.js';
import type { Logger } from '../logging/logger.js';
import type { OperationRegistry } from '../api/operations/operation-registry.js';
import { Authorizer } from '../rbac/authorizer.js';
import { applyRoles, readRoleFile } from '../rbac/apply-roles.js';
import { authorizationMiddleware } from '../rbac/authorize-middleware.js';
import { UserService } from '../users/user-service.js';
import { ensureAdmin } from '../users/bootstrap-admin.js';
import { User } from '../users/types.js';
import { userCenterOperations } from '../users/uc-operations.js';
import { consoleUserOperations } from '../users/console-operations.js';
import { StaticAuthSettings, type AuthSettingsSource } from './auth-settings.js';
import type { AuthServices } from './auth-services.js';
import { authenticationMiddleware } from './authenticate.js';
import { LoginGuard } from './login-guard.js';
import { inMemoryRateLimits, type RateLimitFactory } from '../ratelimit/rate-limiter.js';
import { loginRoutes } from './login-routes.js';
import { SessionService } from './session-service.js';
import { loadSessionKey } from './signing-key.js';
import { PatService } from './tokens/pat-service.js';
import { tokenOperations } from './tokens/pat-operations.js';

/** From the package root, so the compiled build (dist/host/auth) finds it as the source (src/host/auth) does. */
const BUILTIN_ROLES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'src',
  'host',
  'crds',
  'builtin-roles.yaml',
);
const SWEEP_INTERVAL_MS = 60 * 60_000;

export interface HostAuthOptions {
  client: ExtensionClient;
  logger: Logger;
  operations: OperationRegistry;
  baseUrl: string;
  adminPassword?: string;
  /** Where the first start writes a generated admin password (default stdout). */
  announce?: (line: string) => void;
  /** Log-in and sign-up limits (shared by the replicas on PostgreSQL); in memory when absent. */
  rateLimits?: RateLimitFactory;
}

/**
 * Users and access for the host: built-in roles, the RBAC authorizer, sessions, tokens, the first
 * administrator, the user operations, and the three HTTP pieces the runtime mounts (authentication,
 * authorization, log-in routes).
 */
export class HostAuth {
  private sweepTimer?: NodeJS.Timeout;

  private constructor(
    readonly services: AuthServices,
    private readonly logger: Logger,
  ) {}

  static async start(options: HostAuthOptions): Promise<HostAuth> {
    const { client, logger } = options;
    const rateLimits = options.rateLimits ?? inMemoryRateLimits;
    // Without them nobody may do anything (not even the administrator), so a missing file is fatal.
    if (!fs.existsSync(BUILTIN_ROLES)) throw new Error(`built-in roles not found at ${BUILTIN_ROLES}`);
    await applyRoles(client, readRoleFile(BUILTIN_ROLES));
    const authorizer = new Authorizer(client, User);
    await authorizer.start();
    const key = await loadSessionKey(client);
    const users = new UserService(client);
    const services: AuthServices = {
      client,
      users,
      authorizer,
      key,
      sessions: new SessionService(client, key),
      pats: new PatService(client),
      settings: new StaticAuthSettings(),
      guard: new LoginGuard(rateLimits),
      rateLimits,
      baseUrl: options.baseUrl,
      siteTimeZone: async () => 'UTC',
    };
    await ensureAdmin(client, users, logger, options.adminPassword, options.announce);
    for (const op of [...userCenterOperations(services), ...consoleUserOperations(services), ...tokenOperations(services.pats)])
      options.operations.add(op);
    const auth = new HostAuth(services, logger);
    auth.startSweeping();
    return auth;
  }

  /** Replaces the settings source (the host settings accessor, once wired). */
  useSettings(source: AuthSettingsSource): void {
    this.services.settings = source;
  }

  /** Replaces the source of the site's time zone (a plugin's, through PluginContext.useSiteTimeZone). */
  useSiteTimeZone(read: () => Promise<string>): void {
    this.services.siteTimeZone = read;
  }

  /** Applies the Role documents (role templates) of every YAML file in a plugin's extensions directory. */
  async applyRoleTemplates(dir: string): Promise<void> {
    if (!fs.existsSync(dir)) return;
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()) {
      await applyRoles(this.services.client, readRoleFile(path.join(dir, file)));
    }
  }

  authentication(): RequestHandler {
    return authenticationMiddleware(this.services);
  }

  authorization(): RequestHandler {
    return authorizationMiddleware(this.services.authorizer);
  }

  routes(): Router {
    return loginRoutes(this.services);
  }

  stop(): void {
    clearInterval(this.sweepTimer);
    this.services.authorizer.stop();
  }

  private startSweeping(): void {
    this.sweepTimer = setInterval(() => {
      this.services.sessions.sweepExpired().catch((err: Error) => this.logger.warn({ err: err.message }, 'session sweep failed'));
    }, SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }
}
