import express, { type Router } from 'express';
import type { AttachmentStore } from './attachment-store.js';

/**
 * GET /attachments/{name}: the file with its stored content type. Attachments never change (a new file is a
 * new name), so the answer is cacheable for a year; `nosniff` and a sandboxing CSP keep a browser from
 * treating the bytes as anything but the declared image.
 */
export function attachmentRoutes(store: AttachmentStore): Router {
  const router = express.Router();
  router.get('/attachments/:name', async (req, res, next) => {
    try {
      const file = await store.read(req.params.name);
      if (!file) return void res.status(404).type('text/plain').send('not found');
      res.set({
        'Content-Type': file.contentType,
        'Content-Length': String(file.data.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        ETag: `"${file.sha256}"`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
      if (req.headers['if-none-match'] === `"${file.sha256}"`) return void res.status(304).end();
      res.end(file.data);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
