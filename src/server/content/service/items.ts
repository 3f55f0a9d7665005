import type { Page } from "../../../shared/auth.ts";
import {
  type ContentStatus,
  type DraftKind,
  type ItemCounts,
  type PublishInput,
  type RevisionListItem,
  type RevisionRecord,
  type SlugUse,
  statusNow,
  timeIssue,
} from "../../../shared/content.ts";
import { itemCommentsMoved } from "../../comments/service.ts";
import type { Db } from "../../db/client.ts";
import type { FacetRow } from "../../db/items.ts";
import type { PageQuery, RowPage } from "../../db/queries.ts";
import { forgetReactions } from "../../fediverse/service.ts";
import {
  dropRevisions,
  keepRevision,
  listRevisions,
  readRevision,
} from "../../revisions/service.ts";
import * as draftLinksRepo from "../draft-links-repository.ts";
import type { ContentFiles } from "../files.ts";
import {
  CONTENT_MESSAGES,
  type ContentContext,
  countFacets,
  invalid,
  isFileId,
  type ListQuery,
  mergedPage,
  notFound,
  onSite,
  readOnly,
  refuseIfChangedMeanwhile,
  reportChange,
  type Sortable,
  slugTaken,
  unique,
  versionOpened,
} from "./shared.ts";

/**
 * The one flow of the kinds with a status and a publish time (articles, notes, books, photos):
 * database rows beside read-only files, each kind naming only its rows, files, records and list
 * filter.
 */

type TimeInput = { status?: ContentStatus | undefined; publishedAt?: string | null | undefined };
type Settled = { status: ContentStatus; publishedAt: Date | null };
type Fields<Input> = Omit<Input, keyof TimeInput>;
type RowBase = {
  id: string;
  createdAt: Date;
  slug: string;
  status: ContentStatus;
  publishedAt: Date | null;
  updatedAt: Date;
};
/** A photo is one item in both languages: it has no `lang`, the other kinds have one. */
type RecordBase = {
  id: string;
  slug: string;
  file: string | null;
  status: ContentStatus;
  publishedAt: string | null;
  lang?: string;
};
type CreateBase = TimeInput & { slug: string };
type UpdateBase = TimeInput & { slug?: string | undefined };

/**
 * The status and time after a create or update. The time rule (src/shared/content.ts) is
 * checked on the merged item when the request names a status or a time; a published item
 * without a time gets the current time.
 */
function settleTime(current: Settled | null, input: TimeInput, now = new Date()): Settled {
  // A scheduled item whose time has passed is published now: an edit of it is an edit of that.
  const stored =
    current && statusNow(current.status, current.publishedAt?.toISOString() ?? null, now.getTime());
  const status = input.status ?? stored ?? "draft";
  const publishedAt =
    input.publishedAt === undefined
      ? (current?.publishedAt ?? null)
      : input.publishedAt === null
        ? null
        : new Date(input.publishedAt);
  if (input.status !== undefined || input.publishedAt !== undefined) {
    const issue = timeIssue(
      { status, publishedAt: publishedAt?.toISOString() ?? null },
      now.getTime(),
    );
    if (issue) throw invalid("publishedAt", issue);
  }
  return { status, publishedAt: status === "published" && !publishedAt ? now : publishedAt };
}

/**
 * `publish`: a future `at` schedules; otherwise published at `at`, or at the item's own
 * earlier time, or now.
 */
function publishTime(
  current: Date | null,
  input: PublishInput,
  now = new Date(),
): { status: ContentStatus; publishedAt: Date } {
  const at = input.at ? new Date(input.at) : null;
  if (at && at > now) return { status: "scheduled", publishedAt: at };
  if (at) return { status: "published", publishedAt: at };
  return { status: "published", publishedAt: current && current <= now ? current : now };
}

function publishMessage(status: ContentStatus): string {
  return status === "scheduled" ? CONTENT_MESSAGES.scheduled : CONTENT_MESSAGES.published;
}

/** What the shared flow needs to know of one kind of item. */
type ItemName = "article" | "note" | "book" | "photo";

export interface ItemKind<
  Row extends RowBase,
  Rec extends RecordBase,
  Input extends CreateBase,
  Patch extends UpdateBase,
  Query extends ListQuery,
  ListRow,
  Item extends Sortable,
> {
  name: ItemName;
  /** The kind's rows (its aggregate's repository.ts, built on src/server/db/items.ts). */
  rows: {
    findById(db: Db, id: string): Promise<Row | null>;
    findBySlug(db: Db, slug: string, exceptId?: string): Promise<Row | null>;
    insert(db: Db, values: Fields<Input> & Settled & { authorId?: string }): Promise<Row>;
    update(
      db: Db,
      id: string,
      patch: Fields<Patch> & Settled,
      expected?: Date,
    ): Promise<Row | null>;
    update(db: Db, id: string, patch: Partial<Settled>): Promise<Row | null>;
    remove(db: Db, id: string): Promise<Row | null>;
    /** The first `limit` list rows of the query, and how many match. */
    list(db: Db, query: Query, limit: number): Promise<RowPage<ListRow>>;
    /** Whether rows keep their author. */
    authored: boolean;
    /** Every row's facets, for the counts (kinds whose lists show counts). */
    facets?(db: Db): Promise<FacetRow[]>;
  };
  files(files: ContentFiles): Promise<Rec[]>;
  record(row: Row): Rec;
  /** Checks beyond the slug, after it, on a create (`current` null) or an update. */
  check?(ctx: ContentContext, input: Patch, current: Row | null): Promise<void>;
  /** A list row of each side, and the list's filter of files. */
  list: {
    fromRow(row: ListRow): Item;
    fromFile(file: Rec): Item;
    keep(query: Query, file: Rec): boolean;
    /** The list's order for the query, when not `newestFirst`. */
    order?(query: Query): ((a: Item, b: Item) => number) | undefined;
    /** A file's group (category, album; null for none) and tags, for the counts. */
    facet?(file: Rec): { group: string | null; tags: readonly string[] };
  };
}

/**
 * List, get, create, update, delete, publish and unpublish for one kind of item. The types of
 * the requests are named (`itemService<Create, Update, ListQuery>()(kind)`), since nothing in
 * the kind shows them; the rest is inferred from the kind.
 */
export function itemService<
  Input extends CreateBase,
  Patch extends UpdateBase,
  Query extends ListQuery,
>() {
  return <Row extends RowBase, Rec extends RecordBase, ListRow, Item extends Sortable>(
    kind: ItemKind<Row, Rec, Input, Patch, Query, ListRow, Item>,
  ) => {
    const { name } = kind;
    /** Reports a write (`<kind>s.<verb>`, as the audit log names it) for the versions it touched. */
    const changed = (ctx: ContentContext, verb: string, ...versions: (Row | null)[]) => {
      const row = versions.find((version) => version !== null);
      if (row)
        reportChange(ctx, { action: `${name}s.${verb}`, item: row.slug, id: row.id }, ...versions);
    };

    async function assertSlugFree(ctx: ContentContext, slug: string, exceptId?: string) {
      const file = (await kind.files(ctx.files)).find((item) => item.slug === slug);
      if (file) throw slugTaken(slug, file.file ?? "a file");
      if (await kind.rows.findBySlug(ctx.db, slug, exceptId))
        throw slugTaken(slug, `another ${name}`);
    }

    async function fromFile(ctx: ContentContext, id: string): Promise<Rec> {
      const item = (await kind.files(ctx.files)).find((file) => file.id === id);
      if (!item) throw notFound(name);
      return item;
    }

    /** The row to change; an item from a file cannot be changed. */
    async function current(ctx: ContentContext, id: string): Promise<Row> {
      if (isFileId(id)) throw readOnly((await fromFile(ctx, id)).file);
      const row = await kind.rows.findById(ctx.db, id);
      if (!row) throw notFound(name);
      return row;
    }

    const found = (row: Row | null): Row => {
      if (!row) throw notFound(name);
      return row;
    };

    return {
      list: (ctx: ContentContext, query: Query): Promise<Page<Item>> =>
        mergedPage(query, {
          rows: (limit) => kind.rows.list(ctx.db, query, limit),
          fromRow: kind.list.fromRow,
          files: () => kind.files(ctx.files),
          fromFile: kind.list.fromFile,
          keep: (file) => kind.list.keep(query, file),
          order: kind.list.order?.(query),
        }),

      /** The item of `slug` if it shows on the site now (a file's or a row's), else null. */
      async shown(ctx: ContentContext, slug: string): Promise<Rec | null> {
        const file = (await kind.files(ctx.files)).find((item) => item.slug === slug);
        if (file) return statusNow(file.status, file.publishedAt) === "published" ? file : null;
        const row = await kind.rows.findBySlug(ctx.db, slug);
        return row && onSite(row) ? kind.record(row) : null;
      },

      /** How many items of each status, group and tag, rows and files together. */
      async counts(ctx: ContentContext): Promise<ItemCounts> {
        const rows = (await kind.rows.facets?.(ctx.db)) ?? [];
        const files = await kind.files(ctx.files);
        return countFacets([
          ...rows.map((row) => ({ ...row, publishedAt: row.publishedAt?.toISOString() ?? null })),
          ...files.map((file) => ({
            status: file.status,
            publishedAt: file.publishedAt,
            ...(kind.list.facet?.(file) ?? { group: null, tags: [] }),
          })),
        ]);
      },

      async get(ctx: ContentContext, id: string): Promise<Rec> {
        if (isFileId(id)) return fromFile(ctx, id);
        return kind.record(found(await kind.rows.findById(ctx.db, id)));
      },

      async create(ctx: ContentContext, input: Input & Patch, authorId: string): Promise<Rec> {
        await assertSlugFree(ctx, input.slug);
        await kind.check?.(ctx, input, null);
        const row = await unique(
          () =>
            kind.rows.insert(ctx.db, {
              ...input,
              ...settleTime(null, input),
              ...(kind.rows.authored ? { authorId } : {}),
            }),
          () => slugTaken(input.slug, `another ${name}`),
        );
        await keepRevision(ctx, name, row, authorId);
        changed(ctx, row.status === "draft" ? "create" : "publish", row);
        return kind.record(row);
      },

      /**
       * With `expected` (the `updatedAt` the editor opened), refused with 409 when the item was
       * saved since, by another tab or person: nothing is overwritten unseen.
       */
      async update(ctx: ContentContext, id: string, input: Patch, expected?: string): Promise<Rec> {
        const before = await current(ctx, id);
        const since = versionOpened(name, before, expected);
        if (input.slug !== undefined && input.slug !== before.slug) {
          await assertSlugFree(ctx, input.slug, id);
        }
        await kind.check?.(ctx, input, before);
        const { publishedAt: _at, status: _status, ...fields } = input;
        const updated = await unique(
          () => kind.rows.update(ctx.db, id, { ...fields, ...settleTime(before, input) }, since),
          () => slugTaken(input.slug ?? before.slug, `another ${name}`),
        );
        await refuseIfChangedMeanwhile(name, since, updated, () => kind.rows.findById(ctx.db, id));
        const row = found(updated);
        await keepRevision(ctx, name, row, ctx.actor ?? null);
        await commentsFollow(ctx, name, before.slug, row.slug);
        changed(ctx, "update", row, before);
        return kind.record(row);
      },

      /** Whether `slug` is free for another item than `exceptId`, and if not, what uses it. */
      async slugUse(ctx: ContentContext, slug: string, exceptId?: string): Promise<SlugUse> {
        const file = (await kind.files(ctx.files)).find(
          (item) => item.slug === slug && item.id !== exceptId,
        );
        if (file) return { slug, free: false, file: file.file ?? "content/" };
        const dbId = exceptId && !isFileId(exceptId) ? exceptId : undefined;
        if (await kind.rows.findBySlug(ctx.db, slug, dbId)) {
          return { slug, free: false, file: null };
        }
        return { slug, free: true, file: null };
      },

      /** An item's revisions, newest first. */
      async revisions(
        ctx: ContentContext,
        id: string,
        query: PageQuery,
      ): Promise<Page<RevisionListItem>> {
        await current(ctx, id);
        return listRevisions(ctx, name, id, query);
      },

      /** One revision of an item, with its fields as saved. */
      async revision(ctx: ContentContext, id: string, revisionId: string): Promise<RevisionRecord> {
        await current(ctx, id);
        return readRevision(ctx, name, id, revisionId);
      },

      async remove(ctx: ContentContext, id: string): Promise<{ id: string }> {
        await current(ctx, id);
        const row = found(await kind.rows.remove(ctx.db, id));
        await dropRevisions(ctx, name, id);
        await commentsFollow(ctx, name, row.slug, null);
        await draftLinksRepo.deleteDraftLinks(ctx.db, name, id);
        // An article's likes and boosts from the fediverse go with it.
        if (name === "article") await forgetReactions(ctx.db, id);
        changed(ctx, "delete", row);
        return { id };
      },

      async publish(
        ctx: ContentContext,
        id: string,
        input: PublishInput,
      ): Promise<{ record: Rec; message: string }> {
        const before = await current(ctx, id);
        const row = found(
          await kind.rows.update(ctx.db, id, publishTime(before.publishedAt, input)),
        );
        changed(ctx, "publish", row, before);
        return { record: kind.record(row), message: publishMessage(row.status) };
      },

      async unpublish(ctx: ContentContext, id: string): Promise<Rec> {
        const before = await current(ctx, id);
        const row = found(await kind.rows.update(ctx.db, id, { status: "draft" }));
        changed(ctx, "unpublish", before);
        return kind.record(row);
      },
    };
  };
}

/** An item's comments follow its new slug, or go with it (`to` null); photos take none. */
function commentsFollow(ctx: ContentContext, kind: ItemName, from: string, to: string | null) {
  return kind === "photo" ? undefined : itemCommentsMoved(ctx.db, kind, from, to);
}

/** Drops the secret links to an item's drafts (its own rows go by the kit's `remove`). */
export const dropDraftLinks = (ctx: ContentContext, kind: DraftKind, id: string) =>
  draftLinksRepo.deleteDraftLinks(ctx.db, kind, id);
