import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ChapterStatus, ContentLang, ContentStatus } from "../../shared/content-rules.ts";
import type { Exif, ImageType, MediaVariant } from "../../shared/kinds/media.ts";
import type { PageSlug } from "../../shared/kinds/page.ts";

/** A served file of an image, as stored (its address follows from the image's id). */
type StoredVariant = Omit<MediaVariant, "src">;
type Bilingual = Record<ContentLang, string>;

// Every table enables row-level security with no policy: the API's own connection
// (the table owner) is the only door; Supabase's anon and authenticated roles see nothing.

// --- Columns several tables share -------------------------------------------------------------

/** Every time column keeps its zone. */
const zoned = (name: string) => timestamp(name, { withTimezone: true });
/** A row's id, made by the database. */
const uuidId = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);
/** A row's id in an append-only log. */
const serialId = () => bigserial("id", { mode: "number" }).primaryKey();
const createdAt = () => zoned("created_at").notNull().defaultNow();
/** When a row was made and last changed. */
const stamps = () => ({
  createdAt: createdAt(),
  updatedAt: zoned("updated_at").notNull().defaultNow(),
});
/** A user the row keeps the id of after the user is gone (as null). */
const userOrNull = (name: string) =>
  uuid(name).references(() => users.id, { onDelete: "set null" });

/**
 * A short-lived secret given to a user (a session, a password reset): only its hash is kept,
 * and it goes with its user.
 */
const userToken = () => ({
  // SHA-256 of the token, hex; the token itself is never stored.
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: zoned("expires_at").notNull(),
});

export const users = pgTable(
  "users",
  {
    id: uuidId(),
    email: text("email").notNull().unique(),
    userName: text("user_name").notNull(),
    passwordHash: text("password_hash"),
    role: text("role").notNull().default("user"),
    status: text("status").notNull().default("active"),
    avatar: text("avatar").notNull().default(""),
    sex: text("sex").notNull().default("secret"),
    birthday: text("birthday"),
    description: text("description").notNull().default(""),
    ...stamps(),
  },
  (t) => [index("users_role_idx").on(t.role)],
).enableRLS();

export const sessions = pgTable(
  "sessions",
  {
    ...userToken(),
    revokedAt: zoned("revoked_at"),
    /** Where it was opened: the browser and the address (shown with its last part masked). */
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
).enableRLS();

export const feedback = pgTable(
  "feedback",
  {
    id: uuidId(),
    feedbackType: text("feedback_type").notNull(),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    screenshots: jsonb("screenshots").$type<string[]>().notNull().default([]),
    contact: text("contact").notNull().default(""),
    environment: jsonb("environment")
      .$type<{ url: string; userAgent: string; viewport: string; timestamp: string }>()
      .notNull(),
    status: text("status").notNull().default("new"),
    userId: userOrNull("user_id"),
    receivedAt: zoned("received_at").notNull().defaultNow(),
    updatedAt: zoned("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("feedback_received_idx").on(t.receivedAt),
    index("feedback_status_idx").on(t.status),
  ],
).enableRLS();

export const requestLogs = pgTable(
  "request_logs",
  {
    id: serialId(),
    at: zoned("at").notNull().defaultNow(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status").notNull(),
    durationMs: integer("duration_ms").notNull(),
    userId: uuid("user_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("request_logs_at_idx").on(t.at),
    index("request_logs_status_at_idx").on(t.status, t.at),
    index("request_logs_user_at_idx").on(t.userId, t.at),
    // The path filter is a prefix (LIKE 'prefix%'), which a btree serves in any collation only
    // with the pattern operators: a seldom-used path is then found without reading the whole log.
    // That index finds a path by its value too; these find the entries of an address or a
    // browser (the word search, below, names them).
    index("request_logs_path_idx").on(t.path.op("text_pattern_ops")),
    index("request_logs_ip_idx").on(t.ip),
    index("request_logs_user_agent_idx").on(t.userAgent),
  ],
).enableRLS();

/**
 * Every text the request log's path, address and browser columns hold, once a column, with the
 * latest time (`at`) of an entry holding it: kept by a trigger on request_logs' inserts (the
 * migration 20261128090817_request_log_texts). Words (`q`) are looked for here, through a
 * trigram index (pg_trgm, created by the migrations; PGlite is given it in db/client.ts), and the
 * entries then found by their texts' values. The trigram index used to be on the log itself,
 * three of them: drawing the trigrams of every entry's browser, address and path was most of an
 * insert's cost, and on PostgreSQL it held a busy server to 0.43 of a bare one (issue 20); a
 * text is drawn once now, the first time it is seen. A text is dropped with the last entry
 * holding it (logs/repository.ts `pruneLogs`).
 */
export const requestLogTexts = pgTable(
  "request_log_texts",
  {
    /** The column holding it: the search then asks that column only, whose statistics fit. */
    field: text("field", { enum: ["path", "ip", "user_agent"] }).notNull(),
    text: text("text").notNull(),
    lastAt: zoned("last_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.field, t.text] }),
    index("request_log_texts_trgm_idx").using("gin", t.text.op("gin_trgm_ops")),
    index("request_log_texts_last_at_idx").on(t.lastAt),
  ],
).enableRLS();

/**
 * Readership without cookies: views counted per day, page, referring host (empty for none),
 * interface language and device class; nothing else about the visitor is kept.
 */
export const pageViews = pgTable(
  "page_views",
  {
    day: text("day").notNull(),
    path: text("path").notNull(),
    referrer: text("referrer").notNull().default(""),
    locale: text("locale").notNull(),
    device: text("device").notNull(),
    views: integer("views").notNull().default(0),
  },
  // The key leads with the day: a span's rows are read from it.
  (t) => [primaryKey({ columns: [t.day, t.path, t.referrer, t.locale, t.device] })],
).enableRLS();

/**
 * What an admin did through the API: each write they made that succeeded, who (their id,
 * and their name then), what (`action`: the resource and the verb), on which item, the item
 * before (as the previous entry on it left it; null when none is recorded) and after (the
 * answer), what was asked (the body, secrets left out), and from where.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: serialId(),
    at: zoned("at").notNull().defaultNow(),
    actorId: userOrNull("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    action: text("action").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    targetId: text("target_id"),
    targetLabel: text("target_label").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
    request: jsonb("request"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("audit_logs_at_idx").on(t.at),
    index("audit_logs_target_idx").on(t.targetId, t.at),
    index("audit_logs_action_at_idx").on(t.action, t.at),
  ],
).enableRLS();

/** Server-wide secrets and key material, shared by every instance (the RSA-OAEP pair for passwords). */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  /** SubjectPublicKeyInfo, DER, base64. */
  publicKey: text("public_key").notNull(),
  /** PKCS #8, DER, base64. Never leaves the server. */
  privateKey: text("private_key").notNull(),
  createdAt: createdAt(),
}).enableRLS();

/** One-time facts about this database, such as "the demo admin was seeded". */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull().default(""),
  createdAt: createdAt(),
}).enableRLS();

/** Email verification codes: only a hash of the 6 digits is kept. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: uuidId(),
    email: text("email").notNull(),
    /** 'register' or 'reset'. */
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: zoned("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    consumedAt: zoned("consumed_at"),
  },
  (t) => [
    index("email_codes_lookup_idx").on(t.email, t.purpose, t.createdAt),
    index("email_codes_expires_idx").on(t.expiresAt),
  ],
).enableRLS();

/**
 * Every code request, whether or not a mail went out (unknown addresses get the same
 * answer): the resend delay and the hourly cap per address are counted here.
 */
export const emailRequests = pgTable(
  "email_requests",
  {
    id: serialId(),
    email: text("email").notNull(),
    purpose: text("purpose").notNull(),
    ip: text("ip"),
    mailed: boolean("mailed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_requests_email_idx").on(t.email, t.createdAt),
    index("email_requests_ip_idx").on(t.ip, t.createdAt),
    index("email_requests_created_idx").on(t.createdAt),
  ],
).enableRLS();

/** Mails of the embedded default (no SMTP_URL): what would have been sent. */
export const outbox = pgTable(
  "outbox",
  {
    id: serialId(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_to_idx").on(t.to, t.createdAt)],
).enableRLS();

/**
 * Failed-login counters with their lock, one row per key: `ip:<address>`,
 * `acct-ip:<email>|<address>` and `acct:<email>` (the global ceiling of an account).
 */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: zoned("last_failure_at").notNull(),
    lockedUntil: zoned("locked_until"),
  },
  (t) => [index("login_throttle_last_failure_idx").on(t.lastFailureAt)],
).enableRLS();

/**
 * Where each account has signed in before: a hash of the browser's login id (a random id it keeps)
 * or of the client address (IPv6 by /64). A known browser or address is not held by the
 * account-wide login lock, so strangers failing at an account cannot lock its owner out.
 */
export const knownLogins = pgTable(
  "known_logins",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    lastSuccessAt: zoned("last_success_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.keyHash] }),
    index("known_logins_last_success_idx").on(t.lastSuccessAt),
  ],
).enableRLS();

/**
 * Request-rate limits for anonymous writes (feedback, registration, code checks), one row per
 * key such as `feedback:<address>`: the generic cell rate algorithm keeps one time per key, the
 * theoretical arrival time of the next request, moved forward by one interval per accepted one.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    tat: zoned("tat").notNull(),
  },
  (t) => [index("rate_limits_tat_idx").on(t.tat)],
).enableRLS();

/** Short-lived permission to set a new password, earned with a reset code; stored hashed. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  { ...userToken(), consumedAt: zoned("consumed_at") },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
).enableRLS();

/** Every change of a feedback record's status: from, to, who and when. */
export const feedbackStatusHistory = pgTable(
  "feedback_status_history",
  {
    id: serialId(),
    feedbackId: uuid("feedback_id")
      .notNull()
      .references(() => feedback.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    note: text("note").notNull().default(""),
    changedBy: userOrNull("changed_by"),
    changedAt: zoned("changed_at").notNull().defaultNow(),
  },
  (t) => [index("feedback_status_history_feedback_idx").on(t.feedbackId, t.changedAt)],
).enableRLS();

/**
 * What the owner wrote on a piece of feedback: a reply mailed to its writer (the language its
 * mail was framed in and the address it went to), or a note kept for the back office only.
 */
export const feedbackReplies = pgTable(
  "feedback_replies",
  {
    id: uuidId(),
    feedbackId: uuid("feedback_id")
      .notNull()
      .references(() => feedback.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"reply" | "note">().notNull(),
    body: text("body").notNull(),
    locale: text("locale").$type<"zh-CN" | "en-US">(),
    sentTo: text("sent_to"),
    createdBy: userOrNull("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_replies_feedback_idx").on(t.feedbackId, t.createdAt)],
).enableRLS();

// Content written in /bms. It joins the files under content/ in the same Astro collections
// (src/lib/database-loader.ts); a slug used by a file and a row fails the build. Bodies are
// Markdown, rendered by the site's pipeline at build time and then sanitised. Each column has
// the name of its kind's field (src/shared/kinds/<kind>.ts), whose zod schema checks every value
// written, which is what the `$type`s of `lang` and `status` say.

/** The columns every kind of content with a page starts with: its id, slug and language. */
const contentKey = () => ({
  id: uuidId(),
  slug: text("slug").notNull().unique(),
  lang: text("lang").$type<ContentLang>().notNull(),
});

/** draft, published or scheduled (published at `published_at`, a future time). */
const publishing = () => ({
  status: text("status").$type<ContentStatus>().notNull().default("draft"),
  publishedAt: zoned("published_at"),
});

export const contentCategories = pgTable("content_categories", {
  slug: text("slug").primaryKey(),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
  order: integer("order").notNull().default(0),
  ...stamps(),
}).enableRLS();

export const contentArticles = pgTable(
  "content_articles",
  {
    ...contentKey(),
    /** Articles that translate each other share a key. */
    translationKey: text("translation_key"),
    title: text("title").notNull(),
    /** Shown under the title; empty for none. */
    subtitle: text("subtitle").notNull().default(""),
    summary: text("summary").notNull(),
    body: text("body").notNull().default(""),
    /** An image URL (uploaded or external), or empty. */
    cover: text("cover").notNull().default(""),
    coverAlt: text("cover_alt").notNull().default(""),
    /** A category slug, from content/categories.json or content_categories. */
    category: text("category").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    ...publishing(),
    pinned: boolean("pinned").notNull().default(false),
    authorId: userOrNull("author_id"),
    ...stamps(),
  },
  (t) => [
    index("content_articles_status_idx").on(t.status, t.publishedAt),
    index("content_articles_updated_idx").on(t.updatedAt),
  ],
).enableRLS();

export const contentNotes = pgTable(
  "content_notes",
  {
    ...contentKey(),
    body: text("body").notNull(),
    images: jsonb("images").$type<{ src: string; alt: string }[]>().notNull().default([]),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    ...publishing(),
    authorId: userOrNull("author_id"),
    ...stamps(),
  },
  (t) => [
    index("content_notes_status_idx").on(t.status, t.publishedAt),
    index("content_notes_updated_idx").on(t.updatedAt),
  ],
).enableRLS();

export const contentBooks = pgTable(
  "content_books",
  {
    ...contentKey(),
    translationKey: text("translation_key"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    cover: text("cover").notNull().default(""),
    order: integer("order").notNull().default(0),
    ...publishing(),
    ...stamps(),
  },
  (t) => [index("content_books_updated_idx").on(t.updatedAt)],
).enableRLS();

/** Chapters of a database book; a second-level chapter names its parent chapter. */
export const contentChapters = pgTable(
  "content_chapters",
  {
    id: uuidId(),
    bookId: uuid("book_id")
      .notNull()
      .references(() => contentBooks.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    // Deleting a parent is refused while it has children (service rule); the FK backs it,
    // checked at the end of each statement, so one DELETE may remove a whole book's chapters.
    parentId: uuid("parent_id").references((): AnyPgColumn => contentChapters.id, {
      onDelete: "no action",
    }),
    order: integer("order").notNull().default(0),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    status: text("status").$type<ChapterStatus>().notNull().default("draft"),
    ...stamps(),
  },
  (t) => [
    uniqueIndex("content_chapters_book_slug_idx").on(t.bookId, t.slug),
    index("content_chapters_parent_idx").on(t.parentId),
  ],
).enableRLS();

/**
 * The media library: every uploaded image. The id names its files in the storage port
 * (`src/server/media/store.ts`), so the service makes it before the files are stored.
 */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    type: text("type").$type<ImageType>().notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    color: text("color").notNull(),
    placeholder: text("placeholder").notNull(),
    exif: jsonb("exif").$type<Exif>().notNull(),
    variants: jsonb("variants").$type<StoredVariant[]>().notNull(),
    alt: jsonb("alt").$type<Bilingual>().notNull(),
    caption: jsonb("caption").$type<Bilingual>().notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    uploadedBy: userOrNull("uploaded_by"),
    ...stamps(),
  },
  (t) => [index("media_created_idx").on(t.createdAt)],
).enableRLS();

/** Albums of the photo gallery; the slug is the id (as a category's). */
export const contentAlbums = pgTable("content_albums", {
  slug: text("slug").primaryKey(),
  name: jsonb("name").$type<Bilingual>().notNull(),
  description: jsonb("description").$type<Bilingual>().notNull(),
  order: integer("order").notNull().default(0),
  ...stamps(),
}).enableRLS();

/**
 * Names of the gallery's photo tags, in each language; the tag, as photos write it, is the id.
 * A tag without a row shows as written.
 */
export const photoTagNames = pgTable("photo_tag_names", {
  tag: text("tag").primaryKey(),
  name: jsonb("name").$type<Bilingual>().notNull(),
  ...stamps(),
}).enableRLS();

/**
 * Photos of the gallery: one item in both languages (no `lang`), its image a library image's
 * served path (`/api/media/m-<id>-<width>.<format>`), its texts one JSON object per field.
 */
export const contentPhotos = pgTable(
  "content_photos",
  {
    id: uuidId(),
    slug: text("slug").notNull().unique(),
    title: jsonb("title").$type<Bilingual>().notNull(),
    caption: jsonb("caption").$type<Bilingual>().notNull(),
    alt: jsonb("alt").$type<Bilingual>().notNull(),
    image: text("image").notNull(),
    /** An album slug, from content/albums.json or content_albums; null for none. */
    album: text("album"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /** The camera's local time, `YYYY-MM-DDTHH:mm[:ss]`. */
    takenAt: text("taken_at"),
    place: jsonb("place").$type<Bilingual>().notNull(),
    featured: boolean("featured").notNull().default(false),
    credit: text("credit").notNull().default(""),
    ...publishing(),
    authorId: userOrNull("author_id"),
    ...stamps(),
  },
  (t) => [
    index("content_photos_status_idx").on(t.status, t.publishedAt),
    index("content_photos_updated_idx").on(t.updatedAt),
    index("content_photos_album_idx").on(t.album),
  ],
).enableRLS();

/**
 * Banners of the home page's carousel: one item in both languages, its image a library image's
 * served path, shown in `order` (after content/banners.json's) while `enabled` and inside its
 * window (`starts_at`, `ends_at`; null for open).
 */
export const contentBanners = pgTable(
  "content_banners",
  {
    id: uuidId(),
    title: jsonb("title").$type<Bilingual>().notNull(),
    subtitle: jsonb("subtitle").$type<Bilingual>().notNull(),
    alt: jsonb("alt").$type<Bilingual>().notNull(),
    image: text("image").notNull(),
    link: text("link").notNull().default(""),
    order: integer("order").notNull().default(0),
    startsAt: zoned("starts_at"),
    endsAt: zoned("ends_at"),
    enabled: boolean("enabled").notNull().default(true),
    ...stamps(),
  },
  (t) => [index("content_banners_order_idx").on(t.order)],
).enableRLS();

/**
 * The site navigation's groups (`/site-navigation`, after content/site-nav.json's), in `order`,
 * each with its links in their own `order`; a link goes with its group.
 */
export const navGroups = pgTable(
  "nav_groups",
  {
    id: uuidId(),
    name: jsonb("name").$type<Bilingual>().notNull(),
    order: integer("order").notNull().default(0),
    ...stamps(),
  },
  (t) => [index("nav_groups_order_idx").on(t.order)],
).enableRLS();

/** A link of the site navigation: shown unless `hidden`; `icon` a library image or empty. */
export const navLinks = pgTable(
  "nav_links",
  {
    id: uuidId(),
    group: uuid("group_id")
      .notNull()
      .references(() => navGroups.id, { onDelete: "cascade" }),
    title: jsonb("title").$type<Bilingual>().notNull(),
    description: jsonb("description").$type<Bilingual>().notNull(),
    url: text("url").notNull(),
    icon: text("icon").notNull().default(""),
    hidden: boolean("hidden").notNull().default(false),
    order: integer("order").notNull().default(0),
    ...stamps(),
  },
  (t) => [index("nav_links_group_order_idx").on(t.group, t.order)],
).enableRLS();

/**
 * The site's pages written in /bms (the about page), one row per page and language: a row
 * replaces the page's file (content/about/<lang>.mdx) on the site. Its fields are the kind's
 * (src/shared/kinds/page.ts).
 */
export const sitePages = pgTable(
  "site_pages",
  {
    id: uuidId(),
    slug: text("slug").$type<PageSlug>().notNull(),
    lang: text("lang").$type<ContentLang>().notNull(),
    body: text("body").notNull(),
    updatedBy: userOrNull("updated_by"),
    ...stamps(),
  },
  (t) => [uniqueIndex("site_pages_slug_lang_idx").on(t.slug, t.lang)],
).enableRLS();

/**
 * The site's settings (src/shared/kinds/settings.ts): one row, `id` 'site', its fields as one
 * JSON value read through the kind's schema (a field added later reads with its default, so it
 * needs no migration); none until they are first saved, and the defaults meanwhile.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: text("id").primaryKey(),
    value: jsonb("value").$type<Record<string, unknown>>().notNull(),
    updatedBy: userOrNull("updated_by"),
    ...stamps(),
  },
  (t) => [check("site_settings_one_row", sql`${t.id} = 'site'`)],
).enableRLS();

/**
 * The AI chat's provider as the owner set it in /bms (one row, id 'ai'); an empty field falls
 * back to the environment's (`AI_BASE_URL`, `AI_MODEL`, `AI_EMBEDDING_MODEL`, `AI_API_KEY`).
 * The key is kept sealed (AES-256-GCM under the server's secret, src/server/chat/secret-box.ts)
 * and never answered: `key_hint` is its last four characters, for the owner to recognise it.
 */
export const aiSettings = pgTable(
  "ai_settings",
  {
    id: text("id").primaryKey(),
    baseUrl: text("base_url").notNull().default(""),
    model: text("model").notNull().default(""),
    embeddingModel: text("embedding_model").notNull().default(""),
    apiKeySealed: text("api_key_sealed"),
    keyHint: text("key_hint").notNull().default(""),
    /** The provider's last failure to answer a reader (for the owner), until the next save. */
    lastFailureAt: zoned("last_failure_at"),
    lastFailure: text("last_failure"),
    updatedBy: userOrNull("updated_by"),
    ...stamps(),
  },
  (t) => [check("ai_settings_one_row", sql`${t.id} = 'ai'`)],
).enableRLS();

/** The kinds of item whose saves keep revisions. */
export type RevisedKind = "article" | "note" | "book" | "photo" | "chapter" | "page";

/**
 * Every save of an item written in /bms keeps a revision: its fields as saved (the columns of
 * its table, by their field names, without its id, times, status and author), who saved it and
 * when. Restoring one saves it again, which is itself a revision. The item's table varies, so
 * no foreign key: the service deletes an item's revisions with it.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: uuidId(),
    kind: text("kind").$type<RevisedKind>().notNull(),
    itemId: uuid("item_id").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    savedBy: userOrNull("saved_by"),
    savedAt: zoned("saved_at").notNull().defaultNow(),
    /** Saved by the editor after a pause in typing: the next such save replaces it. */
    autosaved: boolean("autosaved").notNull().default(false),
  },
  (t) => [index("content_revisions_item_idx").on(t.kind, t.itemId, t.savedAt)],
).enableRLS();

/**
 * Secret links to a draft's page (`/draft-preview/?t=…`), to show it to someone before it is
 * published: only the token's SHA-256 is kept, and each link ends at `expiresAt`. The service
 * deletes an item's links with it.
 */
export const draftLinks = pgTable(
  "draft_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind").$type<"article" | "note" | "chapter">().notNull(),
    itemId: uuid("item_id").notNull(),
    createdBy: userOrNull("created_by"),
    createdAt: zoned("created_at").notNull().defaultNow(),
    expiresAt: zoned("expires_at").notNull(),
  },
  (t) => [index("draft_links_item_idx").on(t.kind, t.itemId)],
).enableRLS();
