/**
 * The baseline of the check-auth benchmark: a bare Express 5 app with one route answering constant JSON
 * (the same envelope shape checkAuth answers), nothing else. Listens on PORT at 127.0.0.1.
 */
import express from 'express';

const BODY = { success: true, code: 'OK', message: 'OK', data: { valid: true, code: 'VALID' } };
/** The same shape and size as a checkAuth answer with a license (a reference for payload cost, not the target). */
const SIZED = {
  success: true,
  code: 'OK',
  message: 'OK',
  data: {
    valid: true,
    code: 'VALID',
    pluginKey: 'plugin-000',
    authDomain: 'd0.example.com',
    expireTime: '2029-01-01T00:00:00Z',
    permanent: false,
    license: 'x'.repeat(460),
  },
};
const app = express();
app.get('/bare', (_req, res) => {
  res.json(BODY);
});
app.get('/bare-sized', (_req, res) => {
  res.json(SIZED);
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
