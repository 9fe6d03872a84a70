import net from 'node:net';

/**
 * What an IP address is for, by the IANA special-purpose registries. `public` is everything else: the only
 * class a server should connect to on a caller's behalf.
 */
export type AddressClass =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'documentation'
  | 'benchmarking'
  | 'multicast'
  | 'reserved'
  | 'public';

/** The classes of this machine and its local networks: development hosts, and never a notify target. */
export const LOCAL_CLASSES: ReadonlySet<AddressClass> = new Set([
  'unspecified',
  'loopback',
  'private',
  'shared',
  'link-local',
  'unique-local',
]);

type Rule = [AddressClass, address: string, prefix: number];

const V4_RULES: Rule[] = [
  ['unspecified', '0.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['shared', '100.64.0.0', 10],
  ['loopback', '127.0.0.0', 8],
  ['link-local', '169.254.0.0', 16],
  ['private', '172.16.0.0', 12],
  ['reserved', '192.0.0.0', 24],
  ['documentation', '192.0.2.0', 24],
  ['private', '192.168.0.0', 16],
  ['benchmarking', '198.18.0.0', 15],
  ['documentation', '198.51.100.0', 24],
  ['documentation', '203.0.113.0', 24],
  ['multicast', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4],
];

const V6_RULES: Rule[] = [
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  ['unique-local', 'fc00::', 7],
  ['link-local', 'fe80::', 10],
  ['documentation', '2001:db8::', 32],
  ['multicast', 'ff00::', 8],
];

function blockListsOf(rules: Rule[], family: 'ipv4' | 'ipv6'): Array<[AddressClass, net.BlockList]> {
  return rules.map(([cls, address, prefix]) => {
    const list = new net.BlockList();
    list.addSubnet(address, prefix, family);
    return [cls, list];
  });
}

const V4_LISTS = blockListsOf(V4_RULES, 'ipv4');
const V6_LISTS = blockListsOf(V6_RULES, 'ipv6');

/**
 * The class of an address given as text (IPv6 with or without brackets). IPv6 addresses that carry an IPv4
 * address are classified as that IPv4 address, since a connection to them can reach it: IPv4-mapped
 * (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`, RFC 6052) and 6to4
 * (`2002:AABB:CCDD::/48`, RFC 3056). Text that is no IP address is undefined.
 */
export function classifyAddress(text: string): AddressClass | undefined {
  const address = text.replace(/^\[|\]$/g, '');
  const family = net.isIP(address);
  if (family === 4) return classOf(address, 'ipv4', V4_LISTS);
  if (family !== 6) return undefined;
  const carried = embeddedIPv4(ipv6Bytes(address));
  return carried ? classOf(carried, 'ipv4', V4_LISTS) : classOf(address, 'ipv6', V6_LISTS);
}

/** True for addresses of this machine or a local network (loopback, private, link-local, …). */
export function isLocalAddress(text: string): boolean {
  const cls = classifyAddress(text);
  return cls !== undefined && LOCAL_CLASSES.has(cls);
}

/** True for every address that is not public; text that is no address counts as not public. */
export function isNonPublicAddress(text: string): boolean {
  return classifyAddress(text) !== 'public';
}

function classOf(address: string, family: 'ipv4' | 'ipv6', lists: Array<[AddressClass, net.BlockList]>): AddressClass {
  return lists.find(([, list]) => list.check(address, family))?.[0] ?? 'public';
}

/** The well-known NAT64 prefix 64:ff9b::/96: a translator forwards to the IPv4 address in the last 32 bits. */
const NAT64_PREFIX = [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];
/** 6to4 (2002::/16): a relay tunnels to the IPv4 address in bits 16–47. */
const SIX_TO_FOUR = [0x20, 0x02];

/**
 * The IPv4 address inside an IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96 but :: and ::1), NAT64
 * (64:ff9b::/96) or 6to4 (2002::/16) address.
 */
function embeddedIPv4(bytes: number[]): string | undefined {
  if (startsWith(bytes, NAT64_PREFIX)) return bytes.slice(12).join('.');
  if (startsWith(bytes, SIX_TO_FOUR)) return bytes.slice(2, 6).join('.');
  if (bytes.slice(0, 10).some((b) => b !== 0)) return undefined;
  const marker = (bytes[10] << 8) | bytes[11];
  const tail = bytes.slice(12);
  const compatible = marker === 0 && tail.join('.') !== '0.0.0.0' && tail.join('.') !== '0.0.0.1';
  if (marker !== 0xffff && !compatible) return undefined;
  return tail.join('.');
}

function startsWith(bytes: number[], prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** The 16 bytes of a valid IPv6 address (embedded dotted quads included). */
export function ipv6Bytes(address: string): number[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groups = (part: string | undefined): number[] => (part ? part.split(':').flatMap(groupBytes) : []);
  const front = groups(head);
  const back = groups(tail);
  return [...front, ...new Array<number>(16 - front.length - back.length).fill(0), ...back];
}

function groupBytes(group: string): number[] {
  if (group.includes('.')) return group.split('.').map(Number);
  const value = parseInt(group, 16);
  return [value >> 8, value & 0xff];
}
