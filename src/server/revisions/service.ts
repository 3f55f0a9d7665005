import type { z } from "zod";
import type { Page } from "../../shared/auth.ts";
import type { RevisionListItem, RevisionRecord } from "../../shared/content.ts";
import { type ContentContext, notFound } from "../content/service/shared.ts";
import type { PageQuery } from "../db/queries.ts";
import { ApiError } from "../http/errors.ts";
import { revisionListItem, revisionRecord } from "./records.ts";
import type { RevisedKind } from "./repository.ts";
import * as historyRepo from "./repository.ts";

// Every save of an item written in /bms keeps a revision (src/server/db/schema.ts,
// content_revisions): the item flow (items.ts) and chapters call `keepRevision` after each
// create and update; their services list and read an item's revisions through these.

/** What a revision is made of: a saved row; its id, times, status and author are left out. */
interface SavedRow {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  status: string;
  publishedAt?: Date | null;
  authorId?: string | null;
}

/**
 * Keeps a revision of a row as saved: its fields (the columns but its id, times, status,
 * author and those `omit` names, which no update takes), and who saved it. A save the editor
 * made by itself after a pause in typing (`ctx.autosave`) replaces the newest revision when that
 * one was such a save by the same person, so autosaves never crowd out the saves the owner made.
 */
export async function keepRevision(
  ctx: ContentContext,
  kind: RevisedKind,
  row: SavedRow,
  savedBy: string | null,
  omit: readonly string[] = [],
): Promise<void> {
  const {
    id,
    createdAt: _created,
    updatedAt: _updated,
    authorId: _author,
    status: _status,
    publishedAt: _published,
    ...rest
  } = row;
  const fields = Object.fromEntries(Object.entries(rest).filter(([name]) => !omit.includes(name)));
  const autosaved = ctx.autosave ?? false;
  await historyRepo.insertRevision(ctx.db, { kind, itemId: id, fields, savedBy, autosaved });
}

/** Deletes an item's revisions, with the item (no foreign key can: the item's table varies). */
export async function dropRevisions(
  ctx: Pick<ContentContext, "db">,
  kind: RevisedKind,
  id: string,
): Promise<void> {
  await historyRepo.deleteRevisions(ctx.db, kind, id);
}

/** An item's revisions, newest first (the item checked to exist first). */
export async function listRevisions(
  ctx: ContentContext,
  kind: RevisedKind,
  id: string,
  query: PageQuery,
): Promise<Page<RevisionListItem>> {
  const { rows, total } = await historyRepo.listRevisions(ctx.db, kind, id, query);
  return { items: rows.map(revisionListItem), total, ...query };
}

/** One revision of an item, with its fields as saved. */
export async function readRevision(
  ctx: ContentContext,
  kind: RevisedKind,
  id: string,
  revisionId: string,
): Promise<RevisionRecord> {
  const row = await historyRepo.findRevision(ctx.db, kind, id, revisionId);
  if (!row) throw notFound("revision");
  return revisionRecord(row);
}

/**
 * A revision's fields as a save of today takes them (`schema`, the update's own rules): one
 * that no longer passes them (a category deleted since) is refused (409) in their words.
 */
export function fieldsToRestore<S extends z.ZodType>(
  schema: S,
  fields: Record<string, unknown>,
): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new ApiError(409, "conflict", "This revision no longer fits the current rules", {
    issues: parsed.error.issues.map((issue) => ({
      field: issue.path.join(".") || "(body)",
      message: issue.message,
    })),
  });
}
