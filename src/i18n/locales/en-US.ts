import account from "./en-US/account.ts";
import banners from "./en-US/banners.ts";
import bms from "./en-US/bms.ts";
import gallery from "./en-US/gallery.ts";
import logs from "./en-US/logs.ts";
import media from "./en-US/media.ts";
import mixlab from "./en-US/mixlab.ts";
import nav from "./en-US/nav.ts";
import overview from "./en-US/overview.ts";
import photos from "./en-US/photos.ts";
import settings from "./en-US/settings.ts";
import site from "./en-US/site.ts";

// The key set of every locale, in parts: the visitor side's (`en-US/site.ts`, the photo
// gallery's `en-US/gallery.ts`) and the back office's (`en-US/bms.ts`, the media library's
// `en-US/media.ts`, the photo screens' `en-US/photos.ts`); `en-US/banners.ts` holds both sides'
// of the banners, `en-US/nav.ts` the navigation's screen and the order tools lists share, `en-US/mixlab.ts`
// the mix lab's experiments. A key missing in another locale is a type error.

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** What each locale's `site.ts` holds. */
export type SiteMessages = Widen<typeof site>;
/** What each locale's `bms.ts` holds. */
export type BmsMessages = Widen<typeof bms>;
/** What each locale's `media.ts` holds. */
export type MediaMessages = Widen<typeof media>;
/** What each locale's `photos.ts` holds. */
export type PhotosMessages = Widen<typeof photos>;
/** What each locale's `banners.ts` holds. */
export type BannersMessages = Widen<typeof banners>;
/** What each locale's `logs.ts` holds. */
export type LogsMessages = Widen<typeof logs>;
/** What each locale's `account.ts` holds. */
export type AccountMessages = Widen<typeof account>;
/** What each locale's `overview.ts` holds. */
export type OverviewMessages = Widen<typeof overview>;
/** What each locale's `nav.ts` holds. */
export type NavMessages = Widen<typeof nav>;
/** What each locale's `gallery.ts` holds. */
export type GalleryMessages = Widen<typeof gallery>;
/** What each locale's `settings.ts` holds. */
export type SettingsMessages = Widen<typeof settings>;
/** What each locale's `mixlab.ts` holds. */
export type MixlabMessages = Widen<typeof mixlab>;

/** Both parts, if no group is in both (the spread would keep one of them): `never` otherwise. */
type Apart<A, B> = keyof A & keyof B extends never ? A & B : never;

const enUS: Apart<
  typeof site,
  Apart<
    typeof gallery,
    Apart<
      typeof bms,
      Apart<
        typeof media,
        Apart<
          typeof photos,
          Apart<
            typeof banners,
            Apart<
              typeof nav,
              Apart<
                typeof logs,
                Apart<typeof overview, Apart<typeof account, Apart<typeof settings, typeof mixlab>>>
              >
            >
          >
        >
      >
    >
  >
> = {
  ...site,
  ...gallery,
  ...bms,
  ...media,
  ...photos,
  ...banners,
  ...nav,
  ...logs,
  ...overview,
  ...account,
  ...settings,
  ...mixlab,
};
export type Messages = Widen<typeof enUS>;

export default enUS satisfies Messages;
