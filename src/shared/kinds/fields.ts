import { z } from "zod";
import "../zod-browser.ts";
import {
  CHAPTER_STATUSES,
  CONTENT_LANGS,
  CONTENT_LIMITS,
  CONTENT_STATUSES,
  isImageSrc,
  isPathSafeTag,
  SLUG,
  type SourceFields,
  timeIssue,
} from "../content-rules.ts";

/**
 * The zod pieces every kind of content is made of (src/shared/kinds/<kind>.ts), and the few
 * helpers that turn a kind's one list of fields into what each side needs: the API's bodies
 * (`undefaulted` for partial updates), its answers (`StoredRecord`), the build's snapshot
 * (`snapshotEntry`), the collections (`collectionTimes`), all of them at once for a kind with a
 * publish time (`timedKind`), and the back office's lenient reading of files (`leniently`).
 * The rules themselves, without zod, are in src/shared/content-rules.ts.
 */

// --- Fields ---------------------------------------------------------------------------------

export const text = (max: number) => z.string().trim().min(1, "is required").max(max);

export const slugSchema = z
  .string()
  .max(CONTENT_LIMITS.slug)
  .regex(SLUG, "must be lowercase letters and digits joined by single hyphens");
export const langSchema = z.enum(CONTENT_LANGS, { error: "must be zh-CN or en-US" });
export const statusSchema = z.enum(CONTENT_STATUSES, {
  error: "must be draft, published or scheduled",
});
export const chapterStatusSchema = z.enum(CHAPTER_STATUSES, {
  error: "must be draft or published",
});
export const imageSrcSchema = z
  .string()
  .trim()
  .refine(isImageSrc, "must be an https:// URL or a path on this site starting with /");
/** A cover: an image source, or empty for none. */
export const coverSchema = z.union([z.literal(""), imageSrcSchema]);
/** One tag: it becomes a path segment (`/articles/tag/<tag>/`). */
export const tagSchema = text(CONTENT_LIMITS.tag).refine(
  isPathSafeTag,
  "cannot hold / \\ ? # % or a line break, or be . or ..",
);
export const tagsSchema = z
  .array(tagSchema)
  .max(CONTENT_LIMITS.tags)
  .transform((tags) => [...new Set(tags)]);
export const bodySchema = z.string().max(CONTENT_LIMITS.body);
export const publishedAtSchema = z.iso.datetime({ offset: true }).nullable();
export const orderSchema = z.number().int().min(-CONTENT_LIMITS.order).max(CONTENT_LIMITS.order);
export const altSchema = z.string().trim().max(CONTENT_LIMITS.alt);
/** Items that translate each other share a key. */
export const translationKeySchema = slugSchema.nullable().default(null);

/**
 * Where an image field's source may point depends on who reads it: the API and the database
 * take an `imageSrcSchema` (a URL or a path on this site), the back office shows a file's own
 * path as written (`./images/a.jpg`), and the build takes either a URL or a file's own image
 * (Astro's `image()`). Kinds write their image fields as functions of that source.
 */
export type ImageSource = z.ZodType;

/** An optional image: empty for none. */
export const optionalImage = <S extends ImageSource>(src: S) =>
  z.union([z.literal(""), src]).default("");

// --- Requests -------------------------------------------------------------------------------

/** Status and time of the kinds that have them (articles, notes, books), as a create takes them. */
export const timeFields = {
  status: statusSchema.default("draft"),
  publishedAt: publishedAtSchema.default(null),
};

/** What the time rule reads of a body (parsed already: nothing here can fail). */
const timedView = z
  .object({ status: statusSchema.optional(), publishedAt: publishedAtSchema.optional() })
  .catch({});

/** The time rule (src/shared/content-rules.ts) on a body that names a status or a time. */
export function checkTime(value: unknown, ctx: z.RefinementCtx): void {
  const issue = timeIssue(timedView.parse(value));
  if (issue) ctx.addIssue({ code: "custom", path: ["publishedAt"], message: issue });
}

export const nonEmpty = (value: object) => Object.keys(value).length > 0;
export const NOTHING = "nothing to update";

type Shape = z.core.$ZodShape;
type Undefaulted<S extends Shape> = {
  [K in keyof S]: S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K];
};

/**
 * The fields without their defaults, for a partial update: zod applies a default to a missing
 * key even under `.partial()`, which would reset every field an update leaves out.
 */
export function undefaulted<S extends Shape>(shape: S): Undefaulted<S> {
  const out: Record<string, z.core.$ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) {
    out[key] = schema instanceof z.ZodDefault ? schema.unwrap() : schema;
  }
  // Object.entries forgets which key holds which schema; each value is the key's own schema or
  // the one its default wraps, which is what Undefaulted says.
  return out as Undefaulted<S>;
}

/**
 * The API's bodies of a kind with a status and a publish time (articles, notes, books): a create
 * with the fields' defaults, and a partial update that changes only what it names.
 */
export function timedBodies<S extends Shape>(shape: S) {
  const fields = { ...shape, ...timeFields };
  return {
    create: z.strictObject(fields).superRefine(checkTime),
    update: z
      .strictObject(undefaulted(fields))
      .partial()
      .refine(nonEmpty, NOTHING)
      .superRefine(checkTime),
  };
}

// --- Answers --------------------------------------------------------------------------------

/** Spreads an intersection into one object type (for readable hovers and messages). */
export type Flat<T> = { [K in keyof T]: T[K] };

/** ISO times; a file item has no creation time and an update time only if it names one. */
export interface StoredTimes {
  createdAt: string | null;
  updatedAt: string | null;
}

/** An item as the API answers it: what a create takes, its id, its times and where it lives. */
export type StoredRecord<Input> = Flat<{ id: string } & Input & StoredTimes & SourceFields>;

// --- The build ------------------------------------------------------------------------------

export const isoTime = z.iso.datetime({ offset: true });
const visibleSchema = z.enum(["published", "scheduled"]);

/**
 * One row of the build's snapshot (src/lib/content-snapshot.ts): the item's fields as the
 * database keeps them, published or scheduled, with its times (a row without a publish time
 * counts as published at its last edit).
 */
export const snapshotEntry = <S extends Shape>(shape: S) =>
  z.object({
    id: z.string(),
    slug: slugSchema,
    ...shape,
    status: visibleSchema,
    publishedAt: isoTime,
    updatedAt: isoTime,
  });

/**
 * The time fields of a collection (src/content.config.ts): files default to published, and
 * their dates are YAML dates; the database's rows bring ISO strings.
 */
export const collectionTimes = {
  status: statusSchema.default("published"),
  publishedAt: z.coerce.date(),
  updatedAt: z.coerce.date().optional(),
};

// --- Kinds with a status and a publish time ---------------------------------------------------

/**
 * What a kind with a status and a publish time (articles, notes, books) makes of its one list
 * of fields, so that its module states only what is its own: the API's bodies (`create`,
 * `update`), the build's snapshot row (`snapshot`), the collection's fields but its images
 * (`collectionFields`: src/content.config.ts adds those with the build's image source) and a
 * file's frontmatter as the back office reads it (`fileFields`). The API, the table and the
 * snapshot carry the slug and `text` (the body, for a kind that has one) besides the fields; the
 * image fields come twice, on the API's image source and as a file writes them (a path).
 */
export function timedKind<
  Text extends Shape,
  Fields extends Shape,
  ApiImages extends Shape,
  FileImages extends Shape,
>(kind: {
  text: Text;
  fields: Fields;
  images: { api: ApiImages; file: FileImages };
  /** The kind's own slug rule, where some slugs are its pages' (an article's "archive"). */
  slug?: typeof slugSchema;
}) {
  const shape = { slug: kind.slug ?? slugSchema, ...kind.text, ...kind.fields, ...kind.images.api };
  const bodies = timedBodies(shape);
  return {
    create: bodies.create,
    update: bodies.update,
    snapshot: snapshotEntry(shape),
    collectionFields: { ...kind.fields, ...collectionTimes },
    fileFields: { ...kind.fields, ...kind.images.file },
  };
}

// --- Files, leniently -----------------------------------------------------------------------

/** What a field without a default shows when a file lacks it or writes it wrong. */
export type Blanks<S extends Shape> = {
  [K in keyof S as S[K] extends z.ZodDefault ? never : K]: z.output<S[K]>;
};

/**
 * The fields of a file's frontmatter for the back office's list, field by field: a value its
 * field's rule refuses (or lacks) becomes the field's default, or its blank. The build checks
 * files strictly; the back office shows what it can.
 */
export function leniently<S extends Shape>(
  shape: S,
  blanks: Blanks<S>,
  data: Record<string, unknown>,
): z.output<z.ZodObject<S>> {
  const fallbacks: Record<string, unknown> = blanks;
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const read = z.safeParse(schema, data[key]);
    const empty = read.success ? read : z.safeParse(schema, undefined);
    out[key] = empty.success ? empty.data : fallbacks[key];
  }
  // Each value is its field's parsed output, its default or its blank (typed as that output).
  return out as z.output<z.ZodObject<S>>;
}
