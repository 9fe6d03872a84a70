import type { RequestHandler } from 'express';

/**
 * The site's icon: a white "A" on the apps' primary blue, as SVG. Browsers ask for `/favicon.ico` on every
 * page that names no icon (the log-in page, a JSON answer opened in a tab), so it is answered here, publicly
 * (role-template-host-public), rather than with a 401; the apps name `/favicon.svg`. Modern browsers take an
 * SVG under either name (they go by the Content-Type).
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
  + '<rect width="32" height="32" rx="7" fill="#1c5fd1"/>'
  + '<path d="M9 25 16 7l7 18M11.8 18.5h8.4" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>'
  + '</svg>';

export const FAVICON_PATHS = ['/favicon.ico', '/favicon.svg'] as const;

/** Answers GET and HEAD of the icon paths with the SVG, cached for a day. */
export const faviconHandler: RequestHandler = (req, res, next) => {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !(FAVICON_PATHS as readonly string[]).includes(req.path)) return next();
  res.set('Cache-Control', 'public, max-age=86400');
  res.type('image/svg+xml').send(FAVICON_SVG);
};
