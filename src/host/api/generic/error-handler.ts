import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../../logging/logger.js';
import { toAppError } from '../envelope/envelope.js';
import { targetOf } from './context.js';
import { statusFromError } from './status.js';

/**
 * Express error middleware answering errors on generic-API paths as Kubernetes Status objects; errors on
 * any other path go on to the envelope handler.
 */
export function statusErrorHandler(isGeneric: (path: string) => boolean, logger: Logger) {
  return (err: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (!isGeneric(req.path)) return next(err);
    const status = statusFromError(err, targetOf(res));
    if (status.code >= 500) logger.error({ err, requestId: req.requestId, path: req.path }, 'generic API request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    res.set(toAppError(err).headers).status(status.code).json(status);
  };
}
