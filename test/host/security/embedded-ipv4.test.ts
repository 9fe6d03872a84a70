import { embeddedIPv4Readings, rfc6052Reading } from '../../../src/host/security/embedded-ipv4.js';
import { classifyAddress, ipv6Bytes, isNonPublicAddress } from '../../../src/host/security/ip-address.js';

const readings = (address: string) => embeddedIPv4Readings(ipv6Bytes(address));

/** Per form: an address carrying a public IPv4 address, and ones carrying non-public addresses (with the class). */
const FORMS: Array<{ form: string; publicExample: [string, string[]]; nonPublic: Array<[string, string]> }> = [
  {
    form: 'IPv4-mapped ::ffff:a.b.c.d',
    publicExample: ['::ffff:93.184.216.34', ['93.184.216.34']],
    nonPublic: [
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:a00:1', 'private'],
    ],
  },
  {
    form: 'IPv4-compatible ::a.b.c.d',
    publicExample: ['::93.184.216.34', ['93.184.216.34']],
    nonPublic: [
      ['::127.0.0.1', 'loopback'],
      ['::0.0.0.2', 'unspecified'],
    ],
  },
  {
    form: 'IPv4-translated ::ffff:0:a.b.c.d (RFC 2765)',
    publicExample: ['::ffff:0:93.184.216.34', ['93.184.216.34']],
    nonPublic: [
      ['::ffff:0:127.0.0.1', 'loopback'],
      ['::ffff:0:a9fe:a9fe', 'link-local'],
      ['0:0:0:0:ffff:0:c0a8:101', 'private'],
    ],
  },
  {
    form: 'NAT64 well-known 64:ff9b::/96',
    publicExample: ['64:ff9b::93.184.216.34', ['93.184.216.34']],
    nonPublic: [
      ['64:ff9b::7f00:1', 'loopback'],
      ['64:ff9b::10.0.0.1', 'private'],
    ],
  },
  {
    form: 'NAT64 local-use 64:ff9b:1::/48 (RFC 8215), read at /48, /56, /64 and /96',
    // /48 → 93.184.216.34, /56 → 184.216.34.8, /64 → 216.34.8.8, /96 → 8.8.8.8: public in every reading.
    publicExample: ['64:ff9b:1:5db8:d8:2208:808:808', ['93.184.216.34', '184.216.34.8', '216.34.8.8', '8.8.8.8']],
    nonPublic: [
      ['64:ff9b:1::7f00:1', 'unspecified'], // /96 reads 127.0.0.1, /48 reads 0.0.0.0
      ['64:ff9b:1:a00:0:100::', 'private'], // /48 reads 10.0.0.1
      ['64:ff9b:1:5d7f:0:1:808:808', 'loopback'], // /48 reads 93.127.0.0, /56 127.0.0.1
      ['64:ff9b:1:5db8:d8:220a:0:1', 'unspecified'], // public at /48, /56 and /64; /96 reads 0.0.0.1
    ],
  },
  {
    form: 'Teredo 2001::/32 (server in bits 32–63, client inverted in the last 32 bits)',
    publicExample: ['2001:0:5db8:d822:8000:ffff:a247:27dd', ['93.184.216.34', '93.184.216.34']],
    nonPublic: [
      ['2001:0:5db8:d822:8000:ffff:80ff:fffe', 'loopback'], // the client 127.0.0.1
      ['2001:0:a00:1:0:0:a247:27dd', 'private'], // the server 10.0.0.1
    ],
  },
  {
    form: '6to4 2002::/16 (bits 16–47)',
    publicExample: ['2002:5db8:d822::1', ['93.184.216.34']],
    nonPublic: [
      ['2002:7f00:1::', 'loopback'],
      ['2002:c0a8:101:5::1', 'private'],
    ],
  },
  {
    form: 'ISATAP interface identifier 0000:5efe or 0200:5efe under any /64',
    publicExample: ['2a00:1450:4001:1:200:5efe:5db8:d822', ['93.184.216.34']],
    nonPublic: [
      ['2a00:1450:4001:1:0:5efe:7f00:1', 'loopback'],
      ['2a00:1450:4001:1:200:5efe:a00:1', 'private'],
      ['2002:5db8:d822:1:0:5efe:a9fe:a9fe', 'link-local'], // public as 6to4, not as ISATAP
    ],
  },
];

describe.each(FORMS)('$form', ({ publicExample, nonPublic }) => {
  test(`${publicExample[0]} carrying only public addresses is public`, () => {
    expect(readings(publicExample[0]).sort()).toEqual([...new Set(publicExample[1])].sort());
    expect(classifyAddress(publicExample[0])).toBe('public');
    expect(isNonPublicAddress(publicExample[0])).toBe(false);
  });

  test.each(nonPublic)('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
    expect(isNonPublicAddress(address)).toBe(true);
  });
});

describe('RFC 6052 layouts', () => {
  // 192.0.2.33 in the RFC's own examples (section 2.4), prefix 2001:db8::/n.
  test.each([
    [32, '2001:db8:c000:221::'],
    [40, '2001:db8:1c0:2:21::'],
    [48, '2001:db8:122:c000:2:2100::'],
    [56, '2001:db8:122:3c0:0:221::'],
    [64, '2001:db8:122:344:c0:2:2100:0'],
    [96, '2001:db8:122:344::192.0.2.33'],
  ])('at /%i the RFC example %s carries 192.0.2.33', (length, address) => {
    expect(rfc6052Reading(ipv6Bytes(address), length)).toBe('192.0.2.33');
  });

  test('a set u-octet (bits 64–71) is no reading below /96', () => {
    expect(rfc6052Reading(ipv6Bytes('64:ff9b:1:a00:0:100::'), 48)).toBe('10.0.0.1');
    expect(rfc6052Reading(ipv6Bytes('64:ff9b:1:a00:ff00:100::'), 48)).toBeUndefined();
    expect(rfc6052Reading(ipv6Bytes('64:ff9b:1:a00:ff00:100:a00:1'), 96)).toBe('10.0.0.1');
  });
});

describe('what cannot be classified', () => {
  test.each(['4000::1', '100::1', '::2:0:0:1', '64:ff9b:2::1', '2001:10::1', '2001:2::1'])(
    '%s (outside global unicast, or a protocol block carrying nothing) is not public',
    (address) => {
      expect(readings(address)).toEqual([]);
      expect(isNonPublicAddress(address)).toBe(true);
    },
  );

  test('ordinary global unicast addresses carry nothing and stay public', () => {
    expect(readings('2606:4700::1111')).toEqual([]);
    expect(classifyAddress('2606:4700::1111')).toBe('public');
    expect(classifyAddress('2a00:1450:4001:1::200e')).toBe('public');
  });
});
