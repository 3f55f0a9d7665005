import ipaddr from "ipaddr.js";

/**
 * The key a client address counts under in limits. One IPv6 subscriber usually holds a whole
 * /64, so an IPv6 address counts as its /64; an IPv4-mapped IPv6 address counts as the IPv4
 * address. Text that is not an address is kept as it is (it still names one caller).
 */
export function addressKey(ip: string | null | undefined): string {
  if (!ip) return "unknown";
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return ip;
  const address = ipaddr.process(bare);
  if (address.kind() === "ipv4") return address.toString();
  const prefix = address.toByteArray().slice(0, 8);
  const groups: string[] = [];
  for (let i = 0; i < prefix.length; i += 2) {
    groups.push((((prefix[i] ?? 0) << 8) | (prefix[i + 1] ?? 0)).toString(16));
  }
  return `${groups.join(":")}::/64`;
}

/** The ranges a server-side request may reach: public unicast only. */
export type AddressRange = ReturnType<ipaddr.IPv4["range"]> | ReturnType<ipaddr.IPv6["range"]>;

/** What an address literal is (`unicast` for a public address), or null for text that is none. */
export function rangeOf(ip: string): AddressRange | null {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return null;
  return ipaddr.process(bare).range();
}
