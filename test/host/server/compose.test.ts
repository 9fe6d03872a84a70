import express from 'express';
import request from 'supertest';
import { compose } from '../../../src/host/server/compose.js';

function appWith(handlers: express.RequestHandler[]) {
  const app = express();
  app.use(compose(handlers));
  app.get('/x', (req, res) => void res.json({ seen: (req as unknown as { seen: string[] }).seen ?? [] }));
  app.use(
    (err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
      void res.status(500).json({ error: err.message }),
  );
  return app;
}

const mark =
  (name: string): express.RequestHandler =>
  (req, _res, next) => {
    const r = req as unknown as { seen?: string[] };
    (r.seen ??= []).push(name);
    next();
  };

test('runs the handlers in order, then the rest of the app', async () => {
  const res = await request(appWith([mark('a'), mark('b'), mark('c')]))
    .get('/x')
    .expect(200);
  expect(res.body.seen).toEqual(['a', 'b', 'c']);
});

test('next(err), a throw and a rejected promise each skip the rest and reach the error handlers', async () => {
  const failures: Array<[string, express.RequestHandler]> = [
    ['passed', (_req, _res, next) => next(new Error('passed'))],
    [
      'thrown',
      () => {
        throw new Error('thrown');
      },
    ],
    [
      'rejected',
      async () => {
        throw new Error('rejected');
      },
    ],
  ];
  for (const [message, failure] of failures) {
    const res = await request(appWith([mark('a'), failure, mark('never')]))
      .get('/x')
      .expect(500);
    expect(res.body.error).toBe(message);
  }
});

test('a handler that answers ends the request; async handlers continue when they call next', async () => {
  const answered = await request(appWith([(_req, res) => void res.status(204).end(), mark('never')]))
    .get('/x')
    .expect(204);
  expect(answered.text).toBe('');
  const later: express.RequestHandler = async (req, res, next) => {
    await new Promise((r) => setTimeout(r, 5));
    mark('late')(req, res, next);
  };
  expect(
    (
      await request(appWith([later, mark('b')]))
        .get('/x')
        .expect(200)
    ).body.seen,
  ).toEqual(['late', 'b']);
});
