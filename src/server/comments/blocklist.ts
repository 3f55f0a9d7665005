import ipaddr from "ipaddr.js";

// The owner's comment blocklist (the settings' `commentBlocklist`): one word or address a line.

/** Whether `ip` is the address `entry` names, or lies in the range it names. */
function addressMatches(entry: string, ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  if (ipaddr.isValidCIDR(entry)) {
    const [range, bits] = ipaddr.parseCIDR(entry);
    const base = range.kind() === "ipv6" ? ipaddr.process(range.toString()) : range;
    return base.kind() === address.kind() && address.match([base, bits]);
  }
  return ipaddr.process(entry).toString() === address.toString();
}

/**
 * Whether a comment is blocked: one of its `texts` (body, name, email) holds a listed word
 * (ignoring case), or its writer's address is listed.
 */
export function isBlocked(list: string, texts: readonly string[], ip: string | null): boolean {
  const lowered = texts.map((text) => text.toLowerCase());
  for (const line of list.split("\n")) {
    const entry = line.trim();
    if (!entry) continue;
    if (ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry)) {
      if (ip && addressMatches(entry, ip)) return true;
    } else if (lowered.some((text) => text.includes(entry.toLowerCase()))) {
      return true;
    }
  }
  return false;
}
