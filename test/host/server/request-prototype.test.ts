import express from 'express';
import request from 'supertest';
import { installRequestAccessors } from '../../../src/host/server/request-prototype.js';

/** The kept req.query and req.ip answer what Express works out, read once or many times. */
function app(): express.Express {
  const a = express();
  a.set('trust proxy', 'loopback');
  a.set('query parser', 'extended');
  installRequestAccessors(a);
  a.get('/echo', (req, res) => {
    res.json({ ip: req.ip, again: req.ip, query: req.query, same: req.query === req.query });
  });
  return a;
}

test('req.ip follows the trust setting: X-Forwarded-For from a trusted loopback proxy, else the socket', async () => {
  const direct = await request(app()).get('/echo');
  expect(direct.body.ip).toMatch(/127\.0\.0\.1$/);
  expect(direct.body.again).toBe(direct.body.ip);
  const proxied = await request(app()).get('/echo').set('X-Forwarded-For', '198.51.100.9, 203.0.113.7');
  expect([proxied.body.ip, proxied.body.again]).toEqual(['203.0.113.7', '203.0.113.7']);
});

test('req.query is parsed once per request and kept', async () => {
  const res = await request(app()).get('/echo?a=1&b[c]=2');
  expect(res.body.query).toEqual({ a: '1', b: { c: '2' } });
  expect(res.body.same).toBe(true);
});
