import os from 'node:os';
import { lookup } from 'node:dns/promises';
import { isNonPublicAddress } from '../../../src/host/sdk/index.js';
import { BlockedTargetError, checkNotifyUrlShape, guardedLookup, isLocalHostName } from '../../../src/payment/ssrf/ssrf-guard.js';

/** The guarded lookup as a promise: the address it lets the connection use, or its refusal. */
function lookUp(hostname: string, allowPrivate: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    guardedLookup(allowPrivate)(hostname, {}, (err, address) => (err ? reject(err) : resolve(address as string)));
  });
}

const CARRYING_LOOPBACK = [
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '0:0:0:0:0:ffff:7f00:1',
  '::127.0.0.1',
  '64:ff9b::127.0.0.1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::1',
];

/** The English reason of a refusal (the message itself is zh-CN). */
function refusalOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(BlockedTargetError);
    return (err as BlockedTargetError).reason;
  }
  throw new Error('not refused');
}

describe('notifyUrl shape', () => {
  test.each(CARRYING_LOOPBACK)('an IPv6 literal carrying 127.0.0.1 (%s) is refused like 127.0.0.1', (address) => {
    expect(() => checkNotifyUrlShape(`http://[${address}]/hook`, false)).toThrow(BlockedTargetError);
    expect(() => checkNotifyUrlShape('http://127.0.0.1/hook', false)).toThrow(BlockedTargetError);
  });

  const CARRYING_PRIVATE = [
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:c0a8:101',
    '::10.1.2.3',
    '64:ff9b::169.254.169.254',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    '2002:c0a8:101::1',
  ];
  test.each(CARRYING_PRIVATE)('an IPv6 literal carrying a private address (%s) is refused', (address) => {
    expect(refusalOf(() => checkNotifyUrlShape(`http://[${address}]/hook`, false))).toMatch(/private or loopback/);
  });

  test('a public address, also when carried in IPv6, passes; allowPrivateNotifyTargets lets loopback through', () => {
    expect(checkNotifyUrlShape('https://93.184.216.34/hook', false).hostname).toBe('93.184.216.34');
    expect(checkNotifyUrlShape('https://[::ffff:93.184.216.34]/hook', false).hostname).toBe('[::ffff:5db8:d822]');
    expect(checkNotifyUrlShape('http://[::ffff:127.0.0.1]/hook', true).hostname).toBe('[::ffff:7f00:1]');
  });

  test('local names, other schemes and credentials are refused', () => {
    for (const url of ['http://localhost/x', 'http://a.localhost/x', 'http://printer.local/x', 'http://db.internal/x']) {
      expect(() => checkNotifyUrlShape(url, false)).toThrow(BlockedTargetError);
    }
    expect(refusalOf(() => checkNotifyUrlShape('ftp://example.com/x', false))).toMatch(/http or https/);
    expect(refusalOf(() => checkNotifyUrlShape('https://user:pw@example.com/x', false))).toMatch(/credentials/);
    expect(refusalOf(() => checkNotifyUrlShape('not a url', false))).toMatch(/not a valid URL/);
  });
});

describe('guarded lookup at delivery', () => {
  test.each(CARRYING_LOOPBACK)('a target resolving to %s is not connected to', async (address) => {
    await expect(lookUp(address, false)).rejects.toThrow(BlockedTargetError);
  });

  test('a DNS name the resolver answers with loopback is refused by the resolved address', async () => {
    // "vm"/the machine's own name is no local-looking name: only the address it resolves to refuses it.
    const name = os.hostname();
    const { address } = await lookup(name);
    expect(isLocalHostName(name)).toBe(false);
    expect(isNonPublicAddress(address)).toBe(true);
    await expect(lookUp(name, false)).rejects.toThrow(BlockedTargetError);
    await expect(lookUp('localhost', false)).rejects.toThrow(BlockedTargetError);
    await expect(lookUp(name, true)).resolves.toBe(address);
  });

  test('with private targets allowed the resolved address is used', async () => {
    await expect(lookUp('::ffff:127.0.0.1', true)).resolves.toBe('::ffff:127.0.0.1');
    await expect(lookUp('127.0.0.1', true)).resolves.toBe('127.0.0.1');
  });
});
