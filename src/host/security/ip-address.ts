import net from 'node:net';
import { embeddedIPv4Readings } from './embedded-ipv4.js';

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

/**
 * IPv6 blocks that are not global: the IANA IPv6 special-purpose registry (the forms that carry an IPv4
 * address are judged by that address instead: embedded-ipv4.ts).
 */
const V6_RULES: Rule[] = [
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  ['reserved', '100::', 64], // discard-only
  ['benchmarking', '2001:2::', 48],
  ['documentation', '2001:db8::', 32],
  ['documentation', '3fff::', 20],
  ['unique-local', 'fc00::', 7],
  ['link-local', 'fe80::', 10],
  ['reserved', 'fec0::', 10], // site-local, deprecated (RFC 3879): never a target, nor a development host
  ['multicast', 'ff00::', 8],
];

/** Global unicast (2000::/3) is the only IPv6 space IANA hands out; outside it nothing is public. */
const V6_GLOBAL_UNICAST = blockListOf('2000::', 3);
/** IETF protocol assignments (2001::/23): Teredo, benchmarking, ORCHID, …; judged only by what they carry. */
const V6_PROTOCOL_ASSIGNMENTS = blockListOf('2001::', 23);

function blockListOf(address: string, prefix: number): net.BlockList {
  const list = new net.BlockList();
  list.addSubnet(address, prefix, 'ipv6');
  return list;
}

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
 * The class of an address given as text (IPv6 with or without brackets). An IPv6 address that carries IPv4
 * addresses (mapped, compatible, translated, NAT64, Teredo, 6to4, ISATAP: embedded-ipv4.ts) is as public as
 * the least public of them, since a connection to it can reach each. An IPv6 address outside global unicast
 * and every known block cannot be classified: it is `reserved`. Text that is no IP address is undefined.
 */
export function classifyAddress(text: string): AddressClass | undefined {
  const address = text.replace(/^\[|\]$/g, '');
  const family = net.isIP(address);
  if (family === 4) return classOf(address, 'ipv4', V4_LISTS);
  if (family !== 6) return undefined;
  return classifyIPv6(address);
}

function classifyIPv6(address: string): AddressClass {
  const special = classOf(address, 'ipv6', V6_LISTS);
  if (special !== 'public') return special;
  const carried = embeddedIPv4Readings(ipv6Bytes(address)).map((v4) => classOf(v4, 'ipv4', V4_LISTS));
  if (carried.length) return carried.find((cls) => cls !== 'public') ?? 'public';
  const global = V6_GLOBAL_UNICAST.check(address, 'ipv6') && !V6_PROTOCOL_ASSIGNMENTS.check(address, 'ipv6');
  return global ? 'public' : 'reserved';
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
