import { classifyAddress, isLocalAddress, isNonPublicAddress } from '../../../src/host/security/ip-address.js';

describe('IP address classifier', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['::1', 'loopback'],
    ['fd00::1', 'unique-local'],
    ['93.184.216.34', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  // Each of these reaches the IPv4 address it carries, so it is that address's class.
  test.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::10.1.2.3', 'private'],
    ['64:ff9b::192.168.1.1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:0a00:0001::1', 'private'],
    ['2002:a9fe:a9fe:1::5', 'link-local'],
    ['2002:c0a8:0101::', 'private'],
  ])('an IPv6 address carrying an IPv4 one (%s) is classified as that IPv4 address: %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
    expect(isLocalAddress(address)).toBe(true);
    expect(isNonPublicAddress(address)).toBe(true);
  });

  test('NAT64 and 6to4 addresses carrying a public IPv4 address are public', () => {
    expect(classifyAddress('64:ff9b::93.184.216.34')).toBe('public');
    expect(classifyAddress('2002:5db8:d822::1')).toBe('public');
    expect(isNonPublicAddress('64:ff9b::5db8:d822')).toBe(false);
  });

  test('text that is no address has no class and counts as not public', () => {
    expect(classifyAddress('example.com')).toBeUndefined();
    expect(isNonPublicAddress('example.com')).toBe(true);
    expect(isLocalAddress('example.com')).toBe(false);
  });
});
