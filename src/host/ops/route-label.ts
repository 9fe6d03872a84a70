import type { Request, Response } from 'express';

/** Label for requests no route answered (404s, static files): one value, so scanners cannot grow the series. */
export const UNMATCHED_ROUTE = '<unmatched>';

/**
 * Remembers the route template (`/apis/{group}/{version}/notifications/:name/mark-as-read`, not the raw path)
 * of the route that handles a request; called when Express sets req.route (server/request-prototype.ts). At
 * that moment req.baseUrl still holds the mount path, which is gone again once an error unwinds the routers.
 */
export function recordRouteTemplate(req: Pick<Request, 'baseUrl' | 'res'>, route: { path?: unknown } | undefined): void {
  // The last route that matched is the one that answered (an earlier one may have passed with next()).
  if (route && typeof route.path === 'string' && req.res) req.res.locals.routeTemplate = joinPath(req.baseUrl, route.path);
}

/** Lets a handler without an Express route (a catch-all) name its template explicitly. */
export function setRouteTemplate(res: Response, template: string): void {
  res.locals.routeTemplate = template;
}

export function routeTemplateOf(_req: Request, res: Response): string {
  return (res.locals.routeTemplate as string | undefined) ?? UNMATCHED_ROUTE;
}

function joinPath(base: string, path: string): string {
  if (!base) return path;
  return path === '/' ? base : `${base}${path}`;
}
