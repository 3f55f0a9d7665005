import { type LookupAddress, type LookupAllOptions, type LookupOptions, lookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { type AddressRange, rangeOf } from "./address.ts";

/**
 * Requests the server makes on the owner's behalf (link checks, the AI provider) reach public
 * addresses only. Every hop is checked: an address literal before the request, a host name on
 * the addresses it resolves to, at the moment of connecting (so a name cannot resolve to a
 * public address for a check and a private one for the connection). Redirects are followed
 * here, one at a time, each one checked again.
 */
export interface OutboundPolicy {
  /** Also allow loopback (a local model server such as Ollama, or a test's stand-in). */
  allowLoopback?: boolean;
}

/** Thrown for an address the policy refuses. */
export class RefusedAddress extends Error {
  readonly host: string;
  readonly range: string;
  constructor(host: string, range: string) {
    super(`Requests to ${host} (${range} address) are not allowed`);
    this.name = "RefusedAddress";
    this.host = host;
    this.range = range;
  }
}

const MAX_REDIRECTS = 5;

export function allowed(range: AddressRange, policy: OutboundPolicy): boolean {
  return range === "unicast" || (policy.allowLoopback === true && range === "loopback");
}

type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: Error | null, addresses: LookupAddress[]) => void,
) => void;

/** A `lookup` for sockets that fails for a name with any refused address. */
export function checkedLookup(policy: OutboundPolicy, resolve: Resolver = lookup): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const entry of addresses) {
        const range = rangeOf(entry.address) ?? "invalid";
        if (range === "invalid" || !allowed(range, policy)) {
          return callback(new RefusedAddress(hostname, range), []);
        }
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}

const agents = new Map<boolean, Agent>();
function agentFor(policy: OutboundPolicy): Agent {
  const key = policy.allowLoopback === true;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ connect: { lookup: checkedLookup(policy) } });
    agents.set(key, agent);
  }
  return agent;
}

/** Refuses a URL that is not http(s) or names a refused address literal. */
export function checkUrl(url: URL, policy: OutboundPolicy): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new RefusedAddress(url.href, "scheme");
  }
  // The URL parser has already turned 2130706433, 0x7f000001 and 127.1 into 127.0.0.1.
  const range = rangeOf(url.hostname);
  if (range !== null && !allowed(range, policy)) throw new RefusedAddress(url.hostname, range);
  if (url.hostname === "localhost" || url.hostname.endsWith(".localhost")) {
    if (!policy.allowLoopback) throw new RefusedAddress(url.hostname, "loopback");
  }
}

/** True when `error` (or its cause, as fetch wraps it) is a refused address. */
export function isRefused(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof RefusedAddress) return true;
  }
  return false;
}

/**
 * `fetch` for requests to addresses the owner or a setting names: public addresses only (see
 * OutboundPolicy), each redirect followed and checked. Throws RefusedAddress (possibly as the
 * cause of fetch's TypeError) for a refused address.
 */
export async function outboundFetch(
  input: string | URL | Request,
  init: RequestInit = {},
  policy: OutboundPolicy = {},
): Promise<Response> {
  let url = new URL(input instanceof Request ? input.url : input);
  let method = init.method ?? "GET";
  let body = init.body;
  for (let hop = 0; ; hop += 1) {
    checkUrl(url, policy);
    // undici's RequestInit and the platform's differ only in types: the same fields go through.
    const response = (await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      method,
      body: body as never,
      redirect: "manual",
      dispatcher: agentFor(policy),
    })) as unknown as Response;
    const location = response.headers.get("location");
    const redirected = response.status >= 300 && response.status < 400 && location !== null;
    if (!redirected || init.redirect === "manual") return response;
    await response.body?.cancel().catch(() => {});
    if (hop >= MAX_REDIRECTS) throw new TypeError(`Too many redirects from ${input}`);
    url = new URL(location, url);
    // As browsers do: 303, and 301/302 after a POST, continue as GET without a body.
    if (
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && method === "POST")
    ) {
      method = method === "HEAD" ? "HEAD" : "GET";
      body = undefined;
    }
  }
}
