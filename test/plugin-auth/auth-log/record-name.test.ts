import { isDns1123Subdomain } from '../../../src/host/resource/metadata-rules.js';
import { MAX_RECORD_NAME_LENGTH, recordName } from '../../../src/plugin-auth/auth-log/record-name.js';
import { sanitizePart, tripleHash } from '../../../src/plugin-auth/resource-names/dns-safe-name.js';

describe('recordName', () => {
  test('is {pluginKey}-{host}-{user}-{hash} and a DNS-1123 subdomain', () => {
    const name = recordName({ pluginKey: 'my-plugin', domain: 'https://WWW.Example.com/x', user: 'alice' });
    expect(name).toMatch(/^my-plugin-www\.example\.com-alice-[0-9a-f]{16}$/);
    expect(isDns1123Subdomain(name)).toBe(true);
  });

  test('one triple has exactly one name, whatever form the domain came in', () => {
    const a = recordName({ pluginKey: 'p', domain: 'Example.COM.', user: 'u' });
    const b = recordName({ pluginKey: 'p', domain: 'http://example.com:8080/path', user: 'u' });
    expect(a).toBe(b);
  });

  test('distinct triples that sanitize alike still get distinct names', () => {
    const names = [
      recordName({ pluginKey: 'p', domain: 'a.com', user: 'Bob' }),
      recordName({ pluginKey: 'p', domain: 'a.com', user: 'bob' }),
      recordName({ pluginKey: 'p', domain: 'a.com', user: 'b_ob' }),
      recordName({ pluginKey: 'p', domain: 'a.com', user: 'b-ob' }),
      recordName({ pluginKey: 'p_x', domain: 'a.com', user: 'u' }),
      recordName({ pluginKey: 'p.x', domain: 'a.com', user: 'u' }),
      recordName({ pluginKey: 'p', domain: 'x.a.com', user: 'u' }),
      recordName({ pluginKey: 'p-x', domain: 'a.com', user: 'u' }),
    ];
    expect(new Set(names).size).toBe(names.length);
  });

  test('the hash is over the exact triple, so shifting a separator changes it', () => {
    expect(tripleHash('a-b', 'c.com', 'd')).not.toBe(tripleHash('a', 'b-c.com', 'd'));
  });

  test('long parts are capped so the name stays within 253 characters and valid', () => {
    const longHost = `${'h'.repeat(63)}.${'i'.repeat(63)}.${'j'.repeat(63)}.${'k'.repeat(61)}`;
    const name = recordName({ pluginKey: 'P'.repeat(253), domain: longHost, user: 'U'.repeat(253) });
    expect(name.length).toBeLessThanOrEqual(MAX_RECORD_NAME_LENGTH);
    expect(isDns1123Subdomain(name)).toBe(true);
    const other = recordName({ pluginKey: 'P'.repeat(253), domain: longHost, user: `${'U'.repeat(252)}V` });
    expect(other).not.toBe(name);
  });

  test('parts that sanitize to nothing are left out', () => {
    const name = recordName({ pluginKey: '___', domain: 'a.com', user: '@@@' });
    expect(name).toMatch(/^a\.com-[0-9a-f]{16}$/);
    expect(isDns1123Subdomain(name)).toBe(true);
  });

  test('works for IPv6 and punycode hosts', () => {
    expect(isDns1123Subdomain(recordName({ pluginKey: 'p', domain: '[fe80::1]', user: 'u' }))).toBe(true);
    expect(recordName({ pluginKey: 'p', domain: 'münchen.de', user: 'u' })).toMatch(/^p-xn--mnchen-3ya\.de-u-/);
  });

  test('refuses an empty plugin key or user and a bad domain', () => {
    expect(() => recordName({ pluginKey: '', domain: 'a.com', user: 'u' })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => recordName({ pluginKey: 'p', domain: 'a.com', user: '' })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => recordName({ pluginKey: 'p', domain: 'a..b', user: 'u' })).toThrow(expect.objectContaining({ code: 'INVALID_DOMAIN' }));
  });
});

describe('sanitizePart', () => {
  test.each([
    ['Hello_World', 'hello-world'],
    ['a__b', 'a-b'],
    ['xn--mnchen-3ya', 'xn--mnchen-3ya'],
    ['a b\tc', 'a-b-c'],
    ['a-.-b', 'a.b'],
    ['..a..b..', 'a.b'],
    ['--a--', 'a'],
    ['用户', ''],
  ])('%p → %p', (input, expected) => {
    expect(sanitizePart(input, 63)).toBe(expected);
  });

  test('trims a separator left at the end by the cap', () => {
    expect(sanitizePart('abc-def', 4)).toBe('abc');
    expect(sanitizePart('abc.def', 4)).toBe('abc');
  });
});
