import fc from 'fast-check';
import { describe, sample, type Sample } from './sample.js';

/**
 * URL forms for the fields that hold a URL the server later connects to or hands out (notifyUrl, returnUrl,
 * callbackDomain): IPv6 literals that carry a non-public IPv4 address in every standard embedding (issue 28
 * item 4), and URLs a parser would quietly rewrite or that need punycode (item 5). Every value here must be
 * refused with a 4xx that writes nothing, or accepted; never a 5xx, never a 422 from the store.
 *
 * The RFC 6052 layouts are computed here independently of the server (bit offsets on a 128-bit integer,
 * the u-octet bits 64–71 skipped), so a wrong table on either side shows.
 */

/** Body fields holding such a URL (top-level or inside a generic kind's spec). */
export const URL_FIELD = /(^|\.)(notifyUrl|returnUrl|callbackDomain)$/;

const NON_PUBLIC_V4 = ['127.0.0.1', '10.0.0.1', '169.254.169.254', '192.168.1.1', '100.64.0.1', '0.0.0.0', '172.16.0.1'];

function v4Bits(v4: string): bigint {
  return v4.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
}

/** The IPv6 text of a 128-bit integer (full form, eight groups). */
function v6Text(value: bigint): string {
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) groups.push(((value >> BigInt(i * 16)) & 0xffffn).toString(16));
  return groups.join(':');
}

/**
 * RFC 6052 §2.2: the 32 IPv4 bits start right after a prefix of `length` bits; bits 64–71 (the u-octet)
 * stay zero, so whatever would fall there moves 8 bits further.
 */
export function rfc6052Address(prefix: bigint, length: number, v4: string): string {
  const bits = v4Bits(v4);
  let value = prefix;
  let position = length;
  for (let i = 31; i >= 0; i--) {
    if (position >= 64 && position < 72) position = 72;
    if ((bits >> BigInt(i)) & 1n) value |= 1n << BigInt(127 - position);
    position++;
  }
  return v6Text(value);
}

const NAT64_WELL_KNOWN = 0x0064ff9bn << 96n;
const NAT64_LOCAL_USE = (0x0064ff9bn << 96n) | (1n << 80n);
const RFC6052_LENGTHS = [32, 40, 48, 56, 64, 96];
/** A public Teredo server, so only the client address decides. */
const PUBLIC_SERVER = v4Bits('93.184.216.34');

/** Every embedding of one IPv4 address: the names are the forms. */
export function embeddingsOf(v4: string): Array<[form: string, address: string]> {
  const bits = v4Bits(v4);
  const low = (value: bigint) => v6Text(value | bits);
  return [
    ['mapped', `::ffff:${v4}`],
    ['compatible', `::${v4}`],
    ['translated', `::ffff:0:${v4}`],
    ['nat64-well-known', low(NAT64_WELL_KNOWN)],
    ...RFC6052_LENGTHS.filter((l) => l >= 48).map((l): [string, string] => [
      `nat64-local-use/${l}`,
      rfc6052Address(NAT64_LOCAL_USE, l, v4),
    ]),
    ['teredo-client', v6Text((0x20010000n << 96n) | (PUBLIC_SERVER << 64n) | (0x8000ffffn << 32n) | (bits ^ 0xffffffffn))],
    ['teredo-server', v6Text((0x20010000n << 96n) | (bits << 64n) | 0xa24727ddn)],
    ['6to4', v6Text((0x2002n << 112n) | (bits << 80n) | 1n)],
    ['isatap', low((0x2a00145040010001n << 64n) | (0x00005efen << 32n))],
    ['isatap-u-bit', low((0x2a00145040010001n << 64n) | (0x02005efen << 32n))],
  ];
}

/** URLs with characters a URL parser rewrites, broken escapes, and internationalised hosts. */
const URL_FORMS = [
  'https://example.com/a b',
  'https://example.com/"x"',
  'https://example.com/<script>',
  'https://example.com/a\\b',
  'https://example.com/a^b`c{d|e}',
  'https://example.com/\u202egpj.exe',
  'https://example.com/\u200fx\u2066y',
  'https://example.com/a\u3000b',
  'https://example.com/a%zzb',
  'https://example.com/?q=%',
  'https://example.com/x#a#b',
  'https://例子.测试/x',
  'https://例子.测试/路径?q=值',
  'https://xn--fsqu00a.xn--0zwm56d/x',
  'https://打印机.local/x',
  'https://xn--/x',
  `https://${'例'.repeat(700)}.测试/x`,
];

export function canonicalUrlForms(): Sample<string>[] {
  const embedded = NON_PUBLIC_V4.slice(0, 2).flatMap((v4) =>
    embeddingsOf(v4).map(([form, address]) => sample('ipv6-embedding', `${form} of ${v4}`, `http://[${address}]/hook`)),
  );
  return [...embedded, ...URL_FORMS.map((url) => sample('url-form', describe(url), url))];
}

/** A non-public IPv4 address in a random embedding (NAT64 local-use at a random length), or a random URL form. */
export const urlFormValue: fc.Arbitrary<Sample<string>> = fc.oneof(
  fc.tuple(fc.constantFrom(...NON_PUBLIC_V4), fc.nat(), fc.constantFrom('http', 'https')).map(([v4, pick, scheme]) => {
    const forms = embeddingsOf(v4);
    const [form, address] = forms[pick % forms.length];
    return sample('ipv6-embedding', `${form} of ${v4}`, `${scheme}://[${address}]/hook`);
  }),
  fc
    .tuple(fc.constantFrom(...URL_FORMS), fc.constantFrom('', ' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '%', '%g', '\u202e'))
    .map(([url, extra]) => sample('url-form', describe(url + extra), url + extra)),
);
