import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs middleware in order as one Express layer, with Express 5's contract: `next(err)` or a thrown error
 * or a rejected promise skips the rest and goes to the error handlers; `next()` runs the following one,
 * and after the last the request continues to the app's next layer.
 *
 * Every request passes the host's common middleware (request id, body parsers, logs, metrics, security
 * headers, CORS, authentication, authorization). As separate app layers each one costs a router step (path
 * match, parameter processing, a closure per call); as one layer they cost a function call each.
 */
export function compose(handlers: RequestHandler[]): RequestHandler {
  if (handlers.length === 1) return handlers[0];
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const step = (err?: unknown): void => {
      // As in Express's router: 'route' means go on, 'router' means leave (here: leave this group).
      if (err === 'router') return done();
      if (err && err !== 'route') return done(err);
      const handler = handlers[index++];
      if (!handler) return done();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.then(undefined, (error: unknown) => done(error ?? new Error('Rejected promise')));
      } catch (thrown) {
        done(thrown);
      }
    };
    step();
  };
}
