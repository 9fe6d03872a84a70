import { normalizeDomain, parseDomain, tryParseDomain } from '../../../src/plugin-auth/domain-name/normalize-domain.js';
import { MAX_DOMAIN_INPUT_LENGTH } from '../../../src/plugin-auth/domain-name/extract-host.js';

describe('normalizeDomain accepts a host or a URL and returns the lower-case host', () => {
  test.each([
    ['a bare host', 'example.com', 'example.com'],
    ['upper case', 'WWW.Example.COM', 'www.example.com'],
    ['surrounding spaces', '  example.com  ', 'example.com'],
    ['a scheme and path', 'https://example.com/wp-admin/?page=1#top', 'example.com'],
    ['any scheme', 'ftp://files.example.com', 'files.example.com'],
    ['a scheme-relative URL', '//example.com/x', 'example.com'],
    ['a port', 'example.com:8080', 'example.com'],
    ['an empty port', 'http://example.com:/', 'example.com'],
    ['userinfo', 'https://user:secret@example.com:443/', 'example.com'],
    ['a trailing dot', 'example.com.', 'example.com'],
    ['a trailing dot before a port', 'http://Example.COM.:80/', 'example.com'],
    ['a query without a path', 'example.com?x=1', 'example.com'],
    ['a backslash path', 'http://example.com\\evil', 'example.com'],
    ['a single label', 'localhost', 'localhost'],
    ['inner double hyphens', 'ab--cd.com', 'ab--cd.com'],
    ['valid punycode', 'XN--MNCHEN-3YA.de', 'xn--mnchen-3ya.de'],
  ])('%s', (_label, input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });

  test('keeps www: www.a.com and a.com are different hosts', () => {
    expect(normalizeDomain('https://www.a.com')).toBe('www.a.com');
    expect(normalizeDomain('https://a.com')).not.toBe(normalizeDomain('https://www.a.com'));
  });

  test.each([
    ['a Unicode host', 'münchen.de', 'xn--mnchen-3ya.de'],
    ['a Unicode URL with upper case', 'https://MÜNCHEN.DE/pfad', 'xn--mnchen-3ya.de'],
    ['a Chinese host', '例子.测试', 'xn--fsqu00a.xn--0zwm56d'],
    ['full-width letters', 'ＡＢＣ.com', 'abc.com'],
    ['an ideographic full stop', 'a。b.com', 'a.b.com'],
    ['an ideographic trailing dot', '例子.com。', 'xn--fsqu00a.com'],
  ])('maps %s to punycode', (_label, input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });

  test('returns the host type', () => {
    expect(parseDomain('a.com')).toEqual({ host: 'a.com', type: 'dns' });
    expect(parseDomain('http://203.0.113.9:8080/')).toEqual({ host: '203.0.113.9', type: 'ipv4' });
    expect(parseDomain('[2001:DB8::1]')).toEqual({ host: '[2001:db8::1]', type: 'ipv6' });
  });

  test('is idempotent', () => {
    for (const input of ['https://WWW.München.de.:8/x', '[::FFFF:10.0.0.1]', '10.1.2.3']) {
      const once = normalizeDomain(input);
      expect(normalizeDomain(once)).toBe(once);
    }
  });
});

describe('IP literals', () => {
  test.each([
    ['IPv4', '203.0.113.9', '203.0.113.9'],
    ['IPv4 with port and scheme', 'http://127.0.0.1:3000/x', '127.0.0.1'],
    ['bracketed IPv6', '[2001:db8:0:0:0:0:0:1]', '[2001:db8::1]'],
    ['bracketed IPv6 URL with port', 'http://[FE80::1]:8080/', '[fe80::1]'],
    ['bare IPv6', '::1', '[::1]'],
    ['IPv4-mapped IPv6', '[::ffff:192.168.0.1]', '[::ffff:c0a8:1]'],
  ])('accepts %s in canonical form', (_label, input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });

  test.each([
    ['a short IPv4', '1.2.3'],
    ['a leading zero', '01.2.3.4'],
    ['an octet over 255', '256.1.1.1'],
    ['hex IPv4', '0x7f.0.0.1'],
    ['a decimal integer', '2130706433'],
    ['a host ending in a number', 'example.123'],
    ['a host ending in hex', 'example.0x1f'],
    ['IPv4 in full-width digits', '１.２.３.４'],
    ['an unclosed bracket', '[::1'],
    ['text after the bracket', '[::1]x'],
    ['a bad port after the bracket', '[::1]:http'],
    ['a bracketed non-address', '[example.com]'],
    ['an IPv6 zone id', '[fe80::1%25eth0]'],
    ['two colons that are not IPv6', 'a.com:1:2'],
  ])('refuses %s', (_label, input) => {
    expect(() => normalizeDomain(input)).toThrow(expect.objectContaining({ code: 'INVALID_DOMAIN' }));
  });
});

describe('what is not a host', () => {
  test.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['an inner space', 'exa mple.com'],
    ['a tab', 'a.com\tb'],
    ['a scheme without a host', 'http://'],
    ['only userinfo', 'http://user@/'],
    ['an empty label', 'a..b'],
    ['a leading dot', '.a.com'],
    ['two trailing dots', 'a.com..'],
    ['only a dot', '.'],
    ['an underscore', 'my_site.com'],
    ['a wildcard', '*.a.com'],
    ['a percent sign', 'a%41.com'],
    ['a leading hyphen', '-a.com'],
    ['a trailing hyphen', 'a-.com'],
    ['a non-numeric port', 'a.com:http'],
    ['a port over 65535', 'a.com:65536'],
    ['malformed punycode', 'xn--zz.com'],
    ['a full-width percent', 'a％41.com'],
    ['a full-width underscore', 'ａ＿b.com'],
    ['a label of 64 characters', `${'a'.repeat(64)}.com`],
    ['a host of 254 characters', `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`],
    ['a Unicode label over 63 after punycode', `${'ä'.repeat(60)}.com`],
    ['input over the length cap', `${'a'.repeat(MAX_DOMAIN_INPUT_LENGTH)}.com`],
  ])('refuses %s with INVALID_DOMAIN', (_label, input) => {
    expect(() => normalizeDomain(input)).toThrow(expect.objectContaining({ code: 'INVALID_DOMAIN', status: 400 }));
  });

  test('accepts the longest legal host and label', () => {
    const label63 = 'a'.repeat(63);
    const host253 = `${label63}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(host253).toHaveLength(253);
    expect(normalizeDomain(host253)).toBe(host253);
  });

  test('refuses a value that is not a string', () => {
    expect(() => parseDomain(undefined)).toThrow(expect.objectContaining({ code: 'INVALID_DOMAIN' }));
    expect(() => parseDomain(42)).toThrow(expect.objectContaining({ code: 'INVALID_DOMAIN' }));
  });

  test('the error carries zh and en messages and the field', () => {
    try {
      normalizeDomain('a..b');
      throw new Error('expected a throw');
    } catch (err) {
      expect(err).toMatchObject({ code: 'INVALID_DOMAIN', details: [{ field: 'domain' }] });
      expect((err as Error).message).toMatch(/^域名格式不正确/);
      expect((err as { messageEn: string }).messageEn).toBe('This is not a valid domain: it has an empty part (".." or a leading dot).');
      // The field's own message is the same sentence, never "domain: …" with the property id in front.
      expect((err as { details: Array<{ message: string; messageEn: string }> }).details[0]).toMatchObject({
        message: '域名格式不正确：含有空的段（".." 或以点开头）',
        messageEn: 'This is not a valid domain: it has an empty part (".." or a leading dot).',
      });
    }
  });

  test('tryParseDomain returns undefined instead of throwing', () => {
    expect(tryParseDomain('a..b')).toBeUndefined();
    expect(tryParseDomain('A.com')).toEqual({ host: 'a.com', type: 'dns' });
  });
});
