import type { NavCheckOutcome, NavCheckResult } from "../../shared/content.ts";
import type { ContentContext } from "../content/service/shared.ts";
import { isRefused, type OutboundPolicy, outboundFetch } from "../http/outbound.ts";
import { listNav } from "./nav.ts";

/**
 * "Check links" of `/bms/site-nav`: each link's address requested (HEAD, then GET where HEAD is
 * not allowed), a few at a time, each within a short timeout and all within one deadline, so the
 * call always answers: a machine without a network reports "unreachable" at once, an address
 * that never answers "timeout". Only public addresses are requested (`outboundFetch`): an
 * internal one, or a redirect to one, reports "refused". A path on this site is asked of the
 * site itself, in process where the server serves it (`npm start`), else at the request's origin.
 */

export interface CheckOptions {
  /** Where the site is (the request's origin): a path's address is made from it. */
  origin: string;
  /** One link's limit, in milliseconds (`NAV_CHECK_TIMEOUT_MS`, default 5000). */
  timeoutMs?: number;
  /** The whole check's limit: links still waiting then report "timeout". */
  deadlineMs?: number;
  /** How many links are requested at once. */
  concurrency?: number;
  /** Which addresses may be requested (public ones only by default). */
  policy?: OutboundPolicy;
  /** The site's own handler, for a path on this site (no request leaves the process). */
  site?: ((request: Request) => Promise<Response>) | undefined;
}

/** Requests one address: the site's handler for its own pages, the guarded fetch otherwise. */
type Requester = (url: string, init: RequestInit) => Promise<Response>;

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_DEADLINE_MS = 25_000;

function timeoutFromEnv(): number {
  const value = Number(process.env.NAV_CHECK_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

/** Whether an address that answered `status` works: anything but a client or server error. */
const outcomeOf = (status: number): NavCheckOutcome => (status < 400 ? "ok" : "broken");

async function request(send: Requester, url: string, method: "HEAD" | "GET", signal: AbortSignal) {
  const res = await send(url, {
    method,
    signal,
    headers: { "user-agent": "blog-link-check/1.0", accept: "text/html,*/*" },
  });
  // Only the status counts: a body is never read.
  await res.body?.cancel().catch(() => {});
  return res.status;
}

/** Requests one address within `timeoutMs` or before the check's deadline. */
export async function checkUrl(
  url: string,
  timeoutMs: number,
  deadline: AbortSignal,
  send: Requester = (address, init) => outboundFetch(address, init),
): Promise<Pick<NavCheckResult, "outcome" | "status" | "ms">> {
  const started = performance.now();
  const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), deadline]);
  const ms = () => Math.round(performance.now() - started);
  try {
    let status = await request(send, url, "HEAD", signal);
    // Some servers refuse HEAD (405, 501) or answer it wrongly (403, 404) where GET works.
    if (status === 405 || status === 501 || status === 403 || status === 404) {
      status = await request(send, url, "GET", signal);
    }
    return { outcome: outcomeOf(status), status, ms: ms() };
  } catch (error) {
    if (isRefused(error)) return { outcome: "refused", status: null, ms: ms() };
    return { outcome: signal.aborted ? "timeout" : "unreachable", status: null, ms: ms() };
  }
}

/** Checks the links named (every link when none are), in the list's order. */
export async function checkNavLinks(
  ctx: ContentContext,
  ids: readonly string[] | undefined,
  options: CheckOptions,
): Promise<NavCheckResult[]> {
  const wanted = ids ? new Set(ids) : null;
  const links = (await listNav(ctx)).items
    .flatMap((group) => group.links)
    .filter((link) => !wanted || wanted.has(link.id));
  const timeoutMs = options.timeoutMs ?? timeoutFromEnv();
  const deadline = AbortSignal.timeout(options.deadlineMs ?? DEFAULT_DEADLINE_MS);
  const outside: Requester = (url, init) => outboundFetch(url, init, options.policy);
  const { site } = options;
  const own: Requester = site ? (url, init) => site(new Request(url, init)) : outside;
  const results: NavCheckResult[] = new Array(links.length);
  let next = 0;
  async function worker() {
    for (let at = next++; at < links.length; at = next++) {
      const link = links[at];
      if (!link) continue;
      const address = new URL(link.url, options.origin);
      const send = address.origin === options.origin ? own : outside;
      results[at] = {
        id: link.id,
        url: link.url,
        ...(await checkUrl(address.href, timeoutMs, deadline, send)),
      };
    }
  }
  const workers = Math.min(options.concurrency ?? 6, links.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
