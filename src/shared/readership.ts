import { z } from "zod";
import "./zod-browser.ts";
import { BEACON_LIMITS } from "./readership-rules.ts";

export { BEACON_LIMITS } from "./readership-rules.ts";

/**
 * Readership without cookies: each page a visitor opens reports one view (`POST /api/beacon`, a
 * few hundred bytes, nothing personal: the path, the referring site's host, the interface
 * language and a device class), counted per day; Do Not Track and Global Privacy Control are
 * honoured by the page and the server, and bots are not counted. `/bms/overview` charts it.
 */

export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The class of a viewport's width in CSS pixels. */
export const deviceOf = (width: number): DeviceClass =>
  width < 640 ? "phone" : width < 1100 ? "tablet" : "desktop";

/**
 * `POST /api/beacon` (text/plain, as `navigator.sendBeacon` sends it, a JSON object):
 * `p` the page's path, `r` the referrer (the full address the browser gives; only its host is
 * kept, and none from this site), `l` the interface language, `w` the viewport's width.
 */
export const beaconSchema = z.strictObject({
  p: z
    .string()
    .max(BEACON_LIMITS.path)
    .regex(/^\/(?!\/)/, "must be a path on this site"),
  r: z.string().max(BEACON_LIMITS.referrer).default(""),
  l: z.enum(["zh-CN", "en-US"]),
  w: z.number().int().min(0).max(100_000),
});
export type Beacon = z.output<typeof beaconSchema>;

/** `GET /api/admin/readership?days=`: the last 7, 30 or 90 days. */
export const READERSHIP_SPANS = [7, 30, 90] as const;
export const readershipQuerySchema = z.strictObject({
  days: z.enum(["7", "30", "90"], { error: "must be 7, 30 or 90" }).default("30").transform(Number),
});

export interface Counted<K extends string = string> {
  key: K;
  views: number;
}

/** What the overview's charts show over a span. */
export interface Readership {
  days: number;
  /** Every day of the span, oldest first (`YYYY-MM-DD` in the blog's zone), zero included. */
  perDay: Array<{ day: string; views: number }>;
  total: number;
  /** The ten most viewed pages. */
  pages: Counted[];
  /** The ten sites that sent most readers (none: direct or unknown). */
  referrers: Counted[];
  locales: Counted<"zh-CN" | "en-US">[];
  devices: Counted<DeviceClass>[];
}
