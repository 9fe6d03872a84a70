/**
 * The baseline of the check-auth benchmark: a bare Express 5 app with one route answering constant JSON
 * (the same envelope shape checkAuth answers), nothing else. Listens on PORT at 127.0.0.1.
 */
import express from 'express';

const BODY = { success: true, code: 'OK', message: 'OK', data: { valid: true, code: 'VALID' } };
const app = express();
app.get('/bare', (_req, res) => {
  res.json(BODY);
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
