import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { FAVICON_PATHS, faviconHandler } from './favicon.js';

/** A built browser app served under a path prefix. */
export interface UiApp {
  /** URL prefix without a trailing slash, e.g. `/console`. */
  prefix: string;
  /** The app's Vite build output (index.html + assets/). */
  dir: string;
}

const NOT_BUILT = (prefix: string) => `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>AuthPay</title>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:12vh auto;padding:0 16px">
<h1 style="font-size:20px">界面尚未构建</h1><p>${prefix}/ 的前端还没有构建。运行 <code>npm run build:ui</code>（或 <code>npm start</code>，它会自动构建）后刷新。</p>
<p lang="en" style="color:#656d76">The ${prefix}/ app is not built yet: run <code>npm run build:ui</code>, then reload.</p></body></html>`;

/** A path the SPA owns (no file extension in its last segment), so it gets index.html. */
function isAppRoute(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !path.posix.basename(req.path).includes('.');
}

function sendIndex(app: UiApp, res: Response): void {
  const index = path.join(app.dir, 'index.html');
  // index.html is small and names the hashed bundles: never cache it, so a new build is picked up at once.
  res.set('Cache-Control', 'no-store');
  if (!fs.existsSync(index)) {
    res.status(503).type('html').send(NOT_BUILT(app.prefix));
    return;
  }
  res.sendFile(index);
}

/**
 * Serves the console and user-center builds with a single-page-app fallback: `/console` redirects to
 * `/console/`, hashed assets are cached for a year, any other extension-less path under the prefix answers
 * index.html (the app's router takes over), a missing asset is a plain 404. `/` goes to the user center;
 * `/favicon.ico` and `/favicon.svg` answer the site's icon.
 */
export function uiRoutes(apps: UiApp[], home = '/uc/'): Router {
  const router = express.Router();
  router.get('/', (_req, res) => res.redirect(302, home));
  router.use(faviconHandler);
  for (const app of apps) {
    router.get(app.prefix, (req, res, next) => {
      const [pathname, search = ''] = req.originalUrl.split('?', 2);
      if (pathname !== app.prefix) return next();
      res.redirect(301, `${app.prefix}/${search ? `?${search}` : ''}`);
    });
    router.use(`${app.prefix}/assets`, express.static(path.join(app.dir, 'assets'), { immutable: true, maxAge: '365d', index: false }));
    router.use(app.prefix, express.static(app.dir, { index: false, maxAge: '1h' }));
    router.use(app.prefix, (req, res, next) => (isAppRoute(req) ? sendIndex(app, res) : next()));
  }
  return router;
}

/** The paths uiRoutes answers: `/`, the site's icon and each app's prefix. */
export function uiPaths(apps: UiApp[]): string[] {
  return ['/', ...FAVICON_PATHS, ...apps.map((app) => app.prefix)];
}

/** The two apps of the package, built into `<root>/console-ui/dist` and `<root>/uc-ui/dist`. */
export function packageUiApps(root: string): UiApp[] {
  return [
    { prefix: '/console', dir: path.join(root, 'console-ui', 'dist') },
    { prefix: '/uc', dir: path.join(root, 'uc-ui', 'dist') },
  ];
}
