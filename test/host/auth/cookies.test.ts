import { readCookies } from '../../../src/host/auth/cookies.js';

const read = (cookie?: string) => ({ ...readCookies({ headers: { cookie } }) });

test('reads the Cookie header: first value of a name wins, malformed pairs are skipped, values decoded', () => {
  const header = 'AUTHPAY_SESSION=a.b.c; XSRF-TOKEN=t%2Bk; AUTHPAY_SESSION=other; junk; x=%E0%A4%A';
  expect(read(header)).toEqual({ AUTHPAY_SESSION: 'a.b.c', 'XSRF-TOKEN': 't+k', x: '%E0%A4%A' });
  expect(read(undefined)).toEqual({});
  expect(read('')).toEqual({});
});
