/**
 * Address lists of the operator's own networks (`METRICS_ALLOW`): single addresses and CIDR ranges,
 * IPv4 and IPv6, parsed once at start-up and matched with Node's `BlockList`.
 */
import { BlockList, isIP } from 'node:net';

/** One entry of an address list: an address (`10.0.0.7`) or a range (`10.0.0.0/8`, `fd00::/8`). */
export interface NetworkEntry {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** `::ffff:10.0.0.7` (an IPv4 client of a dual-stack socket) is the IPv4 address it carries. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Parses `10.0.0.0/8, 192.168.1.5, fd00::/8` (commas or spaces between entries). Returns the entries,
 * or the first entry that is not an address or a range, so the caller can name it.
 */
export function parseNetworks(list: string): { entries: NetworkEntry[] } | { invalid: string } {
  const entries: NetworkEntry[] = [];
  for (const raw of list.split(/[\s,]+/).filter(Boolean)) {
    const [part, prefixText, extra] = raw.split('/');
    const address = plainAddress(part ?? '');
    const version = isIP(address);
    if (version === 0 || extra !== undefined) return { invalid: raw };
    const bits = version === 4 ? 32 : 128;
    if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return { invalid: raw };
    const prefix = prefixText === undefined ? bits : Number(prefixText);
    if (prefix > bits) return { invalid: raw };
    entries.push({ address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' });
  }
  return { entries };
}

/** A request address is loopback: 127.0.0.0/8 or ::1 (this machine). */
export function isLoopbackAddress(address: string): boolean {
  const plain = plainAddress(address);
  return /^127(\.\d{1,3}){3}$/.test(plain) || plain === '::1';
}

/** Whether an address is inside one of the entries. */
export function networkMatcher(entries: readonly NetworkEntry[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) list.addSubnet(entry.address, entry.prefix, entry.family);
  return (address) => {
    const plain = plainAddress(address);
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}
