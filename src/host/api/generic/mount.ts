import type { RequestHandler } from 'express';
import type { HostRuntime } from '../../runtime.js';
import type { GenericApiDeps } from './deps.js';
import { statusErrorHandler } from './error-handler.js';
import { isGenericPath, looksLikeBusinessGroup } from './paths.js';
import { createGenericRouter } from './router.js';
import { packageVersion } from './version.js';

export interface GenericApiOptions {
  bookmarkIntervalMs?: number;
  defaultWatchTimeoutSeconds?: number;
}

const mounted = new WeakSet<object>();

/**
 * Builds the generic API for a runtime and registers its Status error handler in runtime.errorHandlers
 * (once per runtime). Returns the router to mount at "/".
 */
export function mountGenericApi(runtime: Pick<HostRuntime, 'registry' | 'client' | 'logger' | 'operations' | 'errorHandlers'>, options: GenericApiOptions = {}): RequestHandler {
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
