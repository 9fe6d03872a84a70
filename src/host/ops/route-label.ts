import type { Request, Response, RequestHandler } from 'express';

/** Label for requests no route answered (404s, static files): one value, so scanners cannot grow the series. */
export const UNMATCHED_ROUTE = '<unmatched>';

/**
 * Remembers the route template (`/apis/{group}/{version}/notifications/:name/mark-as-read`, not the raw path)
 * of the route that handles a request. Express sets req.route when a route matches; at that moment
 * req.baseUrl still holds the mount path, which is gone again once an error unwinds the routers.
 */
export const captureRouteTemplate: RequestHandler = (req, res, next) => {
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      // The last route that matched is the one that answered (an earlier one may have passed with next()).
      if (value && typeof value.path === 'string') res.locals.routeTemplate = joinPath(req.baseUrl, value.path);
    },
  });
  next();
};

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
