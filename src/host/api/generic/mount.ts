import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ExtensionClient } from '../../client/extension-client.js';
import type { Logger } from '../../logging/logger.js';
import type { KindRegistry } from '../../schema/kind-registry.js';
import type { GenericApiDeps } from './deps.js';
import { statusErrorHandler } from './error-handler.js';
import { isGenericPath, looksLikeBusinessGroup } from './paths.js';
import { createGenericRouter } from './router.js';
import { packageVersion } from './version.js';

export interface GenericApiOptions {
  bookmarkIntervalMs?: number;
  defaultWatchTimeoutSeconds?: number;
}

/** The parts of the host runtime the generic API is built from (HostRuntime has them all). */
export interface GenericApiHost {
  registry: KindRegistry;
  client: ExtensionClient;
  logger: Logger;
  operations: { hasGroup(group: string): boolean };
  /** Error handlers of the HTTP app; the generic API adds its Status handler here. */
  errorHandlers: ErrorRequestHandler[];
}

const mounted = new WeakSet<object>();

/**
 * Builds the generic API for a runtime and registers its Status error handler in runtime.errorHandlers
 * (once per runtime). Returns the router to mount at "/".
 */
export function mountGenericApi(runtime: GenericApiHost, options: GenericApiOptions = {}): RequestHandler {
  const isBusinessGroup = (group: string) => looksLikeBusinessGroup(group) || runtime.operations.hasGroup(group);
  const deps: GenericApiDeps = {
    registry: runtime.registry,
    client: runtime.client,
    logger: runtime.logger,
    isBusinessGroup,
    serverVersion: packageVersion(),
    bookmarkIntervalMs: options.bookmarkIntervalMs ?? 60_000,
    defaultWatchTimeoutSeconds: options.defaultWatchTimeoutSeconds ?? 1800,
  };
  if (!mounted.has(runtime.errorHandlers)) {
    mounted.add(runtime.errorHandlers);
    runtime.errorHandlers.push(statusErrorHandler((path) => isGenericPath(path, runtime.registry, isBusinessGroup), runtime.logger));
  }
  return createGenericRouter(deps);
}
