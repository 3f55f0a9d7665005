import type { FieldPath } from "react-hook-form";
import { z } from "zod";
import "../../../shared/zod-browser.ts";
import { type BannerRecord, checkWindow, createBannerSchema } from "../../../shared/content.ts";
import { type FormWords, serverIssues, withWords } from "../app/problems.ts";
import { isoToLocal, localToIso } from "../app/time.ts";

const banner = createBannerSchema.shape;

/** A text in both languages, as the form holds it. */
type Both = { "zh-CN": string; "en-US": string };

/**
 * A time of the window as its `datetime-local` field holds it (local, no zone; blank for none),
 * made the ISO time the request carries, or null.
 */
const windowTime = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (!value) return null;
    const iso = localToIso(value);
    if (iso === null) {
      ctx.addIssue({ code: "custom", message: "must be a date and time" });
      return z.NEVER;
    }
    return iso;
  });

/**
 * The banner form: the server's own field rules (`createBannerSchema`), with the texts that may
 * be empty always both present, and the window's times as their fields hold them. The end must
 * come after the start, as the server says too.
 */
const fields = z
  .strictObject({
    image: z.string().trim().pipe(banner.image),
    title: banner.title,
    subtitle: banner.subtitle.unwrap(),
    alt: banner.alt.unwrap(),
    link: banner.link.unwrap(),
    startsAt: windowTime,
    endsAt: windowTime,
    enabled: banner.enabled.unwrap(),
  })
  .superRefine(checkWindow);

export type BannerFields = z.input<typeof fields>;
export type BannerValues = z.output<typeof fields>;

/** The form's fields in screen order: where a problem sends focus first. */
export const BANNER_FIELDS = [
  "image",
  "title.zh-CN",
  "title.en-US",
  "subtitle.zh-CN",
  "subtitle.en-US",
  "alt.zh-CN",
  "alt.en-US",
  "link",
  "startsAt",
  "endsAt",
  "enabled",
] as const satisfies readonly FieldPath<BannerFields>[];

/**
 * The form's words for each field's problems: when blank where that is wrong, and when too long
 * or otherwise wrong. The server's refusals read the same; one with its own key (an image no
 * longer in the library, one banner too many, an end before the start stored) keeps it.
 */
const BANNER_WORDS: FormWords = {
  image: {
    blank: "bmsBanners.problems.imageRequired",
    other: "bmsBanners.problems.imageNotLibrary",
  },
  title: {
    blank: "bmsBanners.problems.titleRequired",
    other: "bmsBanners.problems.titleTooLong",
  },
  subtitle: { other: "bmsBanners.problems.subtitleTooLong" },
  alt: { other: "bmsBanners.problems.altTooLong" },
  link: { other: "bmsBanners.problems.linkInvalid" },
  startsAt: { other: "bmsBanners.problems.timeInvalid" },
  endsAt: {
    other: "bmsBanners.problems.timeInvalid",
    said: { "must be after startsAt": "bmsBanners.problems.endBeforeStart" },
  },
};

/** The form's schema: the server's rules, speaking the form's words. */
export const bannerSchema = withWords(fields, BANNER_WORDS);

/** A failed save with its field issues on the form's fields, each in the interface's words. */
export const bannerIssues = (error: unknown, values?: BannerFields) =>
  serverIssues(error, BANNER_WORDS, values);

const blankBoth = (): Both => ({ "zh-CN": "", "en-US": "" });

/** The form's first values: empty (switched on) to add one, the banner's own to edit it. */
export const initialBannerFields = (record?: BannerRecord): BannerFields =>
  record
    ? {
        image: record.image,
        title: { ...record.title },
        subtitle: { ...record.subtitle },
        alt: { ...record.alt },
        link: record.link,
        startsAt: record.startsAt ? isoToLocal(record.startsAt) : "",
        endsAt: record.endsAt ? isoToLocal(record.endsAt) : "",
        enabled: record.enabled,
      }
    : {
        image: "",
        title: blankBoth(),
        subtitle: blankBoth(),
        alt: blankBoth(),
        link: "",
        startsAt: "",
        endsAt: "",
        enabled: true,
      };
