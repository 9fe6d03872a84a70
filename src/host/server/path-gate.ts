import type { RequestHandler, Router } from 'express';

/**
 * Lets a router see only requests for its own paths (each path exactly, or anything below it; `/` only
 * exactly). The host mounts its routers at `/` one after another, and every request, an API call included,
 * would otherwise walk through each router's layers before reaching the one that answers it.
 */
export function onlyFor(paths: readonly string[], router: Router | RequestHandler): RequestHandler {
  const prefixes = paths.map((p) => `${p}/`);
  return (req, res, next) => {
    const path = req.path;
    for (let i = 0; i < paths.length; i++) {
      if (path === paths[i] || (paths[i] !== '/' && path.startsWith(prefixes[i]))) return router(req, res, next);
    }
    next();
  };
}
