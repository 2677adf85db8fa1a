/**
 * Which addresses an outbound request to an address a user typed may reach (docs/webhooks.md, "Outbound
 * safety"). A web hook endpoint (and, later, a custom source's feed) is a URL anyone with the permission
 * can type, so without a check the server would call its own loopback services, the private network it
 * runs in, or the cloud's metadata service (169.254.169.254) on their behalf. Only global unicast
 * addresses are allowed; everything ipaddr.js classifies as special is refused, IPv4-mapped IPv6
 * addresses are judged as the IPv4 address they carry, and the addresses that embed another address
 * (6to4, Teredo, NAT64) are refused because the embedded one could be anything.
 *
 * The allow-list (OUTBOUND_ALLOW, empty by default) lets an operator, and the tests, reach named hosts,
 * addresses or networks the rule refuses: a receiver on 127.0.0.1, a partner on the private network.
 */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** How each refused range reads in the delivery log. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (cloud metadata lives here)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  uniqueLocal: 'a unique-local address',
  reserved: 'a reserved address',
  deprecatedSiteLocal: 'a site-local address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  benchmarking: 'a benchmarking address',
  discard: 'a discard-only address',
};

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) as the IPv4 address it is; anything else as parsed. */
function normalised(address: string): Address | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return null;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed;
}

/** Whether text is an IP address (with or without IPv6 brackets). */
export const isIpAddress = (text: string) => normalised(text) !== null;

/** Why an address may not be reached (a phrase for the log), or null when it is a global unicast address. */
export function refusedRange(address: string): string | null {
  const parsed = normalised(address);
  if (!parsed) return 'not an IP address';
  const range = parsed.range();
  if (range === 'unicast') return null;
  return RANGE_WORDS[range] ?? `a special-purpose address (${range})`;
}

export interface OutboundAllowList {
  /** Host names allowed whatever they resolve to, lower case. */
  hosts: Set<string>;
  /** Networks (a single address is a /32 or /128) whose addresses are allowed. */
  networks: [Address, number][];
}

export const EMPTY_ALLOW_LIST: OutboundAllowList = { hosts: new Set(), networks: [] };

/**
 * OUTBOUND_ALLOW: comma-separated host names, IP addresses and CIDR networks, e.g.
 * "127.0.0.1,10.20.0.0/16,hooks.internal.example". An entry that is none of these is ignored with a warning.
 */
export function parseAllowList(text: string | undefined, warn: (message: string) => void = () => {}): OutboundAllowList {
  const list: OutboundAllowList = { hosts: new Set(), networks: [] };
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes('/')) {
      try {
        const [network, bits] = ipaddr.parseCIDR(entry);
        list.networks.push([network, bits]);
      } catch {
        warn(`OUTBOUND_ALLOW: ${entry} is not a network; ignored`);
      }
      continue;
    }
    const address = normalised(entry);
    if (address) list.networks.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    else if (/^[a-z0-9.-]+$/.test(entry)) list.hosts.add(entry.replace(/\.$/, ''));
    else warn(`OUTBOUND_ALLOW: ${entry} is not a host, address or network; ignored`);
  }
  return list;
}

/** Whether the allow-list names this address (or a network holding it). */
export function allowedAddress(list: OutboundAllowList, address: string): boolean {
  const parsed = normalised(address);
  if (!parsed) return false;
  return list.networks.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network as any, bits));
}

/** Whether the allow-list names this host. */
export const allowedHost = (list: OutboundAllowList, host: string) => list.hosts.has(host.toLowerCase().replace(/\.$/, ''));

/** Why this address may not be reached under the allow-list, or null when it may. */
export function addressProblem(list: OutboundAllowList, address: string): string | null {
  if (allowedAddress(list, address)) return null;
  return refusedRange(address);
}
