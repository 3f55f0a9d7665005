import { LOCALES } from "../../i18n/locale.ts";
import { dayOf } from "../../shared/blog-time.ts";
import {
  BEACON_LIMITS,
  type Beacon,
  beaconSchema,
  type Counted,
  DEVICE_CLASSES,
  deviceOf,
  type Readership,
} from "../../shared/readership.ts";
import { isCountedPath } from "../../shared/readership-rules.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { parseOrThrow } from "../http/validate.ts";
import { isBot } from "./bots.ts";
import { countView, type DaySpan, viewsBy } from "./repository.ts";

// Readership without cookies: a page's beacon counted as one view of (day, path, referring
// host, language, device class), nothing about the visitor; and a span's counts for the
// back office's overview. Days are the blog's own (src/shared/blog-time.ts).

/** How many pages and referring sites an answer names. */
export const TOP = 10;

/** What `navigator.sendBeacon` sends a string as, and what a program would send. */
const BEACON_TYPES = /^(?:text\/plain|application\/json)\s*(?:;|$)/i;

/**
 * A beacon's body, read as text (sendBeacon sends `text/plain;charset=UTF-8`): JSON that
 * `beaconSchema` accepts, else a 400.
 */
export function parseBeacon(contentType: string | undefined, text: string): Beacon {
  if (!BEACON_TYPES.test(contentType ?? "")) {
    throw new ApiError(400, "bad_request", "A beacon is text/plain or application/json");
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, "bad_request", "Malformed JSON in request body");
  }
  return parseOrThrow(beaconSchema, json);
}

/** What a beacon's request says besides its body. */
export interface BeaconRequest {
  /** `DNT` and `Sec-GPC`: "1" asks not to be tracked. */
  dnt?: string | undefined;
  gpc?: string | undefined;
  userAgent?: string | undefined;
  /** This site's host (the request's `Host`), so its own pages are no referrer. */
  host?: string | undefined;
}

/** A page's path as counted: no query or fragment, no trailing slash (`/about/` is `/about`). */
export function pagePath(path: string): string {
  const bare = (path.split(/[?#]/, 1)[0] ?? "").slice(0, BEACON_LIMITS.path);
  return bare.length > 1 ? bare.replace(/\/+$/, "") || "/" : bare || "/";
}

const hostnameOf = (host: string | undefined): string | null => {
  if (!host) return null;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
};

/** The host of an http(s) referrer on another site, else "" (none, this site, or not a web page). */
export function referrerHost(referrer: string, ownHost: string | undefined): string {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  return url.hostname === hostnameOf(ownHost) ? "" : url.hostname;
}

/**
 * Counts a beacon as one view today, unless the reader asked not to be tracked (DNT, GPC), a
 * machine sent it, or the path is not readership (the back office, the API, draft previews).
 * Answers whether it counted.
 */
export async function countBeacon(
  db: Db,
  beacon: Beacon,
  request: BeaconRequest,
  now = new Date(),
): Promise<boolean> {
  if (request.dnt?.trim() === "1" || request.gpc?.trim() === "1") return false;
  if (isBot(request.userAgent)) return false;
  const path = pagePath(beacon.p);
  if (!isCountedPath(path)) return false;
  await countView(db, {
    day: dayOf(now),
    path,
    referrer: referrerHost(beacon.r, request.host),
    locale: beacon.l,
    device: deviceOf(beacon.w),
  });
  return true;
}

/** `day` moved `by` days (`YYYY-MM-DD`). */
export function shiftDay(day: string, by: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}

/** The last `days` days, today (in the blog's zone) the last. */
export function spanOf(days: number, now = new Date()): DaySpan {
  const to = dayOf(now);
  return { from: shiftDay(to, 1 - days), to };
}

/** Every one of `keys` with its views (zero when none), most first, ties in the keys' order. */
function everyOf<K extends string>(keys: readonly K[], counted: Counted[]): Counted<K>[] {
  const views = new Map(counted.map((row) => [row.key, row.views]));
  return keys.map((key) => ({ key, views: views.get(key) ?? 0 })).sort((a, b) => b.views - a.views);
}

/** The overview's readership over the last `days` days. */
export async function readership(db: Db, days: number, now = new Date()): Promise<Readership> {
  const span = spanOf(days, now);
  const [perDayRows, pages, referrers, locales, devices] = await Promise.all([
    viewsBy(db, "day", span),
    viewsBy(db, "path", span, { limit: TOP }),
    viewsBy(db, "referrer", span, { limit: TOP, exceptEmpty: true }),
    viewsBy(db, "locale", span),
    viewsBy(db, "device", span),
  ]);
  const byDay = new Map(perDayRows.map((row) => [row.key, row.views]));
  const perDay: Readership["perDay"] = [];
  for (let day = span.from; day <= span.to; day = shiftDay(day, 1)) {
    perDay.push({ day, views: byDay.get(day) ?? 0 });
  }
  return {
    days,
    perDay,
    total: perDay.reduce((sum, { views }) => sum + views, 0),
    pages,
    referrers,
    locales: everyOf(LOCALES, locales),
    devices: everyOf(DEVICE_CLASSES, devices),
  };
}
