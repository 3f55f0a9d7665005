import { z } from "zod";
import { CONTENT_LIMITS, isImageSrc, type SourceFields } from "../content-rules.ts";
import {
  altSchema,
  type Blanks,
  type Flat,
  type ImageSource,
  isoTime,
  NOTHING,
  nonEmpty,
  type StoredTimes,
  undefaulted,
} from "./fields.ts";
import { bothLanguages, LIBRARY_IMAGE, optionalBothLanguages, pictureSchema } from "./photo.ts";

/**
 * A banner of the home page's carousel (`/bms/bannerSet`): a library image with a title and a
 * subtitle in both languages, a link, an optional time window and a switch. Like a photo it is
 * one item in both languages. Its fields, each once, with its rule and its default; the API, the
 * table (src/server/db/schema.ts), the snapshot and the `banners` collection are made from them.
 * Banners written in content/banners.json (`[{ id, … }]`, the seed's) come first, in the file's
 * order, read-only in the back office; the owner's follow in the order set by dragging them.
 */

/** `count`: how many banners the database keeps at most (a carousel shows a few). */
export const BANNER_LIMITS = { subtitle: 160, count: 100 } as const;

/** Where a banner leads: an https:// URL or a path on this site; empty for nowhere. */
export const bannerLinkSchema = z.union([
  z.literal(""),
  z
    .string()
    .trim()
    .refine(isImageSrc, "must be an https:// URL or a path on this site starting with /"),
]);

export const bannerFields = {
  title: bothLanguages(CONTENT_LIMITS.title),
  subtitle: optionalBothLanguages(BANNER_LIMITS.subtitle),
  alt: z
    .strictObject({ "zh-CN": altSchema, "en-US": altSchema })
    .default({ "zh-CN": "", "en-US": "" }),
  link: bannerLinkSchema.default(""),
  /** Shown from then on; null for at once. */
  startsAt: isoTime.nullable().default(null),
  /** Shown until then; null for no end. */
  endsAt: isoTime.nullable().default(null),
  /** Off: kept, never shown. */
  enabled: z.boolean().default(true),
};

/** The image field, by where an image may come from (`ImageSource`). */
export const bannerImages = <S extends ImageSource>(src: S) => ({ image: src });

const libraryImage = z
  .string()
  .trim()
  .refine((src) => LIBRARY_IMAGE.test(src), "must be an image of the media library");

/** Whether a window ends before (or as) it starts: both times given, the end not after. */
export const endsBeforeStart = (
  startsAt: string | null | undefined,
  endsAt: string | null | undefined,
): boolean => Boolean(startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt));

/** The window's end comes after its start. */
export function checkWindow(
  value: { startsAt?: string | null | undefined; endsAt?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (endsBeforeStart(value.startsAt, value.endsAt)) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "must be after startsAt" });
  }
}

const shape = { ...bannerFields, ...bannerImages(libraryImage) };

/** `POST /api/admin/banners`: a new banner goes last. */
export const createBannerSchema = z.strictObject(shape).superRefine(checkWindow);
/** `PUT /api/admin/banners/:id`: partial; the window is checked again with the stored values. */
export const updateBannerSchema = z
  .strictObject(undefaulted(shape))
  .partial()
  .refine(nonEmpty, NOTHING)
  .superRefine(checkWindow);

/** `PUT /api/admin/banners/order`: every banner of the database, in the order wanted. */
export const orderBannersSchema = z.strictObject({
  ids: z.array(z.uuid()).max(BANNER_LIMITS.count),
  /**
   * The order the caller saw and moved from: refused unless it is the one stored (another tab
   * changed it meanwhile), so one order never silently undoes another.
   */
  seen: z.array(z.uuid()).max(BANNER_LIMITS.count),
});

/** `:id` of a banner: a uuid (database) or `file:banner:<id>` (content/banners.json). */
export const bannerIdParamSchema = z.object({
  id: z.union([z.uuid(), z.string().regex(/^file:banner:[a-z0-9-]+$/)], {
    error: "must be a banner id",
  }),
});

export type CreateBannerInput = z.output<typeof createBannerSchema>;
export type UpdateBannerInput = z.output<typeof updateBannerSchema>;
export type OrderBannersInput = z.output<typeof orderBannersSchema>;

/** A banner as the API answers it: its place in the order, its times and where it lives. */
export type BannerRecord = Flat<
  { id: string; order: number } & CreateBannerInput & StoredTimes & SourceFields
>;

/** Whether a banner shows at `now`: switched on and inside its window. */
export function isBannerLive(
  banner: { enabled: boolean; startsAt: string | Date | null; endsAt: string | Date | null },
  now: Date,
): boolean {
  const at = now.getTime();
  const time = (t: string | Date) => (typeof t === "string" ? Date.parse(t) : t.getTime());
  if (!banner.enabled) return false;
  if (banner.startsAt !== null && time(banner.startsAt) > at) return false;
  return !(banner.endsAt !== null && time(banner.endsAt) <= at);
}

/** What a banner's state reads as in the back office. */
export type BannerState = "live" | "scheduled" | "ended" | "off";

export function bannerState(
  banner: { enabled: boolean; startsAt: string | null; endsAt: string | null },
  now: Date,
): BannerState {
  if (!banner.enabled) return "off";
  if (banner.endsAt !== null && Date.parse(banner.endsAt) <= now.getTime()) return "ended";
  if (banner.startsAt !== null && Date.parse(banner.startsAt) > now.getTime()) return "scheduled";
  return "live";
}

/**
 * A banner in the build's snapshot: switched on and not ended (a banner still to start is there,
 * and the site is rebuilt when it starts), with its library image's picture (null if gone).
 */
export const bannerSnapshotSchema = z.object({
  id: z.string(),
  ...bannerFields,
  image: z.string(),
  order: z.number().int(),
  picture: pictureSchema.nullable(),
});
export type SnapshotBanner = z.output<typeof bannerSnapshotSchema>;

/**
 * The `banners` collection's fields but its image (src/content.config.ts adds it): a file's
 * entry has no order (the file's own order counts), a row brings its own.
 */
export const bannerCollectionFields = {
  ...bannerFields,
  order: z.number().int().optional(),
  picture: pictureSchema.nullable().default(null),
};

/** An entry of content/banners.json, as the back office reads it (its image as written). */
export const bannerFileFields = { ...bannerFields, ...bannerImages(z.string()) };
export const bannerBlanks: Blanks<typeof bannerFileFields> = {
  title: { "zh-CN": "", "en-US": "" },
  image: "",
};
