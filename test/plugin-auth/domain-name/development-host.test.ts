import { isDevelopmentHost } from '../../../src/plugin-auth/domain-name/development-host.js';
import { inPrefix, ipv6Bytes } from '../../../src/plugin-auth/domain-name/ip-literal.js';

describe('isDevelopmentHost', () => {
  test.each([
    'localhost',
    'http://localhost:3000/',
    'LOCALHOST.',
    'shop.localhost',
    'site.test',
    'test',
    'wp.local',
    'demo.example',
    'x.invalid',
    'router.home.arpa',
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10:8080',
    '169.254.1.1',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '[::1]',
    '::1',
    '[::]',
    '[fd12:3456::1]',
    '[fc00::1]',
    '[fe80::1]',
    '[febf::1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:192.168.0.1]',
  ])('%s is a development host', (host) => {
    expect(isDevelopmentHost(host)).toBe(true);
  });

  test.each([
    ['a production host', 'example.com'],
    ['a substring of localhost', 'localhost.com'],
    ['localhost as a prefix label', 'localhost.example.com'],
    ['.dev is not on the list', 'shop.dev'],
    ['dev inside a label (EDD strpos bug)', 'shop.devices.com'],
    ['local inside a label', 'mylocal.com'],
    ['test inside a label', 'mytest.com'],
    ['test as a first label', 'test.example.com'],
    ['loopback spelled in DNS', '127.0.0.1.nip.io'],
    ['public IPv4', '8.8.8.8'],
    ['just outside 172.16/12', '172.32.0.1'],
    ['just below 172.16/12', '172.15.255.255'],
    ['just outside 100.64/10', '100.128.0.1'],
    ['11.0.0.1', '11.0.0.1'],
    ['public IPv6', '[2001:db8::1]'],
    ['outside fe80::/10', '[fec0::1]'],
    ['public IPv4-mapped', '[::ffff:8.8.8.8]'],
    ['::2 is not loopback', '[::2]'],
    ['not a host at all', 'a..b'],
    ['empty', ''],
  ])('%s is not a development host', (_label, host) => {
    expect(isDevelopmentHost(host)).toBe(false);
  });
});

describe('ip helpers', () => {
  test('ipv6Bytes expands :: and embedded dotted quads', () => {
    expect(ipv6Bytes('[::1]')).toEqual([...new Array(15).fill(0), 1]);
    expect(ipv6Bytes('::ffff:1.2.3.4').slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(ipv6Bytes('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(ipv6Bytes('fe80::')).toEqual([0xfe, 0x80, ...new Array(14).fill(0)]);
  });

  test('inPrefix compares partial bytes', () => {
    expect(inPrefix([172, 31, 0, 0], [172, 16], 12)).toBe(true);
    expect(inPrefix([172, 32, 0, 0], [172, 16], 12)).toBe(false);
    expect(inPrefix([1, 2], [1, 2], 0)).toBe(true);
  });
});
