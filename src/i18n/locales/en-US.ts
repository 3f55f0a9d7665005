import account from "./en-US/account.ts";
import auth from "./en-US/auth.ts";
import banners from "./en-US/banners.ts";
import bms from "./en-US/bms.ts";
import chat from "./en-US/chat.ts";
import comments from "./en-US/comments.ts";
import content from "./en-US/content.ts";
import editor from "./en-US/editor.ts";
import gallery from "./en-US/gallery.ts";
import labs from "./en-US/labs.ts";
import logs from "./en-US/logs.ts";
import mail from "./en-US/mail.ts";
import media from "./en-US/media.ts";
import mixlab from "./en-US/mixlab.ts";
import nav from "./en-US/nav.ts";
import overview from "./en-US/overview.ts";
import photos from "./en-US/photos.ts";
import settings from "./en-US/settings.ts";
import site from "./en-US/site.ts";

// The key set of every locale, in parts: the visitor side's (`site.ts`, its account forms'
// `auth.ts`, the comments' `comments.ts`, the chat's `chat.ts`, the labs' `labs.ts`, the photo
// gallery's `gallery.ts`), the server's mails (`mail.ts`) and the back office's (`bms.ts`, the
// content screens' `content.ts` and `editor.ts`, the media library's `media.ts`, the photo
// screens' `photos.ts`, and one part a screen for the rest); `banners.ts` holds both sides' of
// the banners, `mixlab.ts` the mix lab's experiments. A key missing in another locale is a type
// error. Visitor islands load only their side's parts (reader.ts, chat.ts, labs.ts).

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** What each locale's `site.ts` holds. */
export type SiteMessages = Widen<typeof site>;
/** What each locale's `auth.ts` holds. */
export type AuthMessages = Widen<typeof auth>;
/** What each locale's `gallery.ts` holds. */
export type GalleryMessages = Widen<typeof gallery>;
/** What each locale's `bms.ts` holds. */
export type BmsMessages = Widen<typeof bms>;
/** What each locale's `content.ts` holds. */
export type ContentMessages = Widen<typeof content>;
/** What each locale's `editor.ts` holds. */
export type EditorMessages = Widen<typeof editor>;
/** What each locale's `media.ts` holds. */
export type MediaMessages = Widen<typeof media>;
/** What each locale's `photos.ts` holds. */
export type PhotosMessages = Widen<typeof photos>;
/** What each locale's `banners.ts` holds. */
export type BannersMessages = Widen<typeof banners>;
/** What each locale's `nav.ts` holds. */
export type NavMessages = Widen<typeof nav>;
/** What each locale's `logs.ts` holds. */
export type LogsMessages = Widen<typeof logs>;
/** What each locale's `overview.ts` holds. */
export type OverviewMessages = Widen<typeof overview>;
/** What each locale's `account.ts` holds. */
export type AccountMessages = Widen<typeof account>;
/** What each locale's `settings.ts` holds. */
export type SettingsMessages = Widen<typeof settings>;
/** What each locale's `mixlab.ts` holds. */
export type MixlabMessages = Widen<typeof mixlab>;
/** What each locale's `comments.ts` holds. */
export type CommentsMessages = Widen<typeof comments>;

/** What each locale's `mail.ts` holds. */
export type MailMessages = Widen<typeof mail>;
/** What each locale's `chat.ts` holds. */
export type ChatMessages = Widen<typeof chat>;
/** What each locale's `labs.ts` holds. */
export type LabsMessages = Widen<typeof labs>;

/** The parts spread into one, if no group is in two of them (a spread keeps one): else `never`. */
type Merged<Parts extends readonly object[], Done = unknown> = Parts extends readonly [
  infer First extends object,
  ...infer Rest extends readonly object[],
]
  ? keyof First & keyof Done extends never
    ? Merged<Rest, Done & First>
    : never
  : Done;

const enUS: Merged<
  [
    typeof site,
    typeof auth,
    typeof gallery,
    typeof bms,
    typeof content,
    typeof editor,
    typeof media,
    typeof photos,
    typeof banners,
    typeof nav,
    typeof logs,
    typeof overview,
    typeof account,
    typeof settings,
    typeof mixlab,
    typeof comments,
    typeof mail,
    typeof chat,
    typeof labs,
  ]
> = {
  ...site,
  ...auth,
  ...gallery,
  ...bms,
  ...content,
  ...editor,
  ...media,
  ...photos,
  ...banners,
  ...nav,
  ...logs,
  ...overview,
  ...account,
  ...settings,
  ...mixlab,
  ...comments,
  ...mail,
  ...chat,
  ...labs,
};
export type Messages = Widen<typeof enUS>;

export default enUS satisfies Messages;
