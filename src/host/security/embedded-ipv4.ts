/**
 * The IPv4 addresses an IPv6 address can carry. A connection to such an IPv6 address may reach the IPv4
 * one (a translator, a tunnel relay or the host's own stack forwards it there), so it is only as public as
 * every IPv4 address it can be read as carrying. One address may be read several ways (an ISATAP interface
 * identifier under a 6to4 prefix, a local-use NAT64 address at each prefix length a translator may use);
 * the caller must judge every reading.
 *
 * Forms (bytes of the 16-byte address):
 * - IPv4-mapped `::ffff:a.b.c.d` (RFC 4291), IPv4-compatible `::a.b.c.d` (deprecated, but stacks still
 *   route it; `::` and `::1` are not), IPv4-translated `::ffff:0:a.b.c.d` (RFC 2765);
 * - NAT64 (RFC 6052 §2.2): the well-known prefix `64:ff9b::/96` holds the IPv4 address in its last 32
 *   bits; the local-use prefix `64:ff9b:1::/48` (RFC 8215) is divided by operators into prefixes of /48,
 *   /56, /64 or /96, so an address in it is read at each of those lengths (the layouts below skip the
 *   u-octet, bits 64–71, which must be zero; a length whose u-octet is not zero is no reading);
 * - Teredo `2001::/32` (RFC 4380): the server's IPv4 address in bits 32–63, the client's in the last 32
 *   bits, inverted;
 * - 6to4 `2002::/16` (RFC 3056): the IPv4 address in bits 16–47;
 * - ISATAP (RFC 5214): an interface identifier `0000:5efe:a.b.c.d` or `0200:5efe:a.b.c.d` (the u and g
 *   bits of the first byte may be set) under any /64 prefix.
 */

/** Where RFC 6052 puts the 4 IPv4 bytes for each prefix length (byte 8, the u-octet, is never used). */
export const RFC6052_LAYOUTS: Readonly<Record<number, readonly number[]>> = {
  32: [4, 5, 6, 7],
  40: [5, 6, 7, 9],
  48: [6, 7, 9, 10],
  56: [7, 9, 10, 11],
  64: [9, 10, 11, 12],
  96: [12, 13, 14, 15],
};

const U_OCTET = 8;
const NAT64_WELL_KNOWN = [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];
const NAT64_LOCAL_USE = [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01];
/** The prefix lengths an operator may cut from the local-use /48: a shorter one cannot lie inside it. */
const LOCAL_USE_LENGTHS = [48, 56, 64, 96];
const TEREDO = [0x20, 0x01, 0x00, 0x00];
const SIX_TO_FOUR = [0x20, 0x02];

/** Every IPv4 address (dotted quad) the 16 bytes of an IPv6 address can be read as carrying; empty when none. */
export function embeddedIPv4Readings(bytes: readonly number[]): string[] {
  const readings = [...zeroPrefixForms(bytes), ...nat64Forms(bytes), ...tunnelForms(bytes), ...isatapForm(bytes)];
  return [...new Set(readings)];
}

/** The IPv4 address that RFC 6052 places in `bytes` at prefix `length`, or undefined when the u-octet is set. */
export function rfc6052Reading(bytes: readonly number[], length: number): string | undefined {
  const layout = RFC6052_LAYOUTS[length];
  if (!layout) throw new RangeError(`RFC 6052 has no /${length} layout`);
  if (length < 96 && bytes[U_OCTET] !== 0) return undefined;
  return quad(layout.map((i) => bytes[i]));
}

/** Mapped, compatible and translated: all in ::/64 of the bytes before the marker. */
function zeroPrefixForms(bytes: readonly number[]): string[] {
  if (!allZero(bytes.slice(0, 8))) return [];
  const tail = quad(bytes.slice(12));
  const marker = bytes
    .slice(8, 12)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  if (marker === '0000ffff' || marker === 'ffff0000') return [tail];
  const compatible = marker === '00000000' && tail !== '0.0.0.0' && tail !== '0.0.0.1';
  return compatible ? [tail] : [];
}

function nat64Forms(bytes: readonly number[]): string[] {
  if (startsWith(bytes, NAT64_WELL_KNOWN)) return [quad(bytes.slice(12))];
  if (!startsWith(bytes, NAT64_LOCAL_USE)) return [];
  return LOCAL_USE_LENGTHS.map((length) => rfc6052Reading(bytes, length)).filter((r): r is string => r !== undefined);
}

function tunnelForms(bytes: readonly number[]): string[] {
  if (startsWith(bytes, SIX_TO_FOUR)) return [quad(bytes.slice(2, 6))];
  if (!startsWith(bytes, TEREDO)) return [];
  const server = quad(bytes.slice(4, 8));
  const client = quad(bytes.slice(12).map((b) => b ^ 0xff));
  return [server, client];
}

function isatapForm(bytes: readonly number[]): string[] {
  const universalOrGroupOnly = (bytes[8] & 0xfc) === 0;
  const isatap = universalOrGroupOnly && bytes[9] === 0 && bytes[10] === 0x5e && bytes[11] === 0xfe;
  return isatap ? [quad(bytes.slice(12))] : [];
}

function quad(four: readonly number[]): string {
  return four.join('.');
}

function allZero(part: readonly number[]): boolean {
  return part.every((b) => b === 0);
}

function startsWith(bytes: readonly number[], prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}
