import { createHash, randomBytes } from "node:crypto";
import {
  DRAFT_PREVIEW_PATH,
  type DraftKind,
  type DraftLink,
  type DraftPage,
  statusNow,
} from "../../../shared/content.ts";
import { ApiError } from "../../http/errors.ts";
import * as repo from "../repository.ts";
import { previewMarkdown } from "./preview.ts";
import { type ContentContext, isFileId, notFound, readOnly } from "./shared.ts";

// A draft (or a scheduled item) shown as its page before it is published, to its owner or to
// anyone given the link: a secret token that ends at a set time. Only the token's SHA-256 is
// stored; the page (`/draft-preview/?t=…`, a static page of the site's layout) reads the item
// through `GET /api/draft-preview`, rendered and sanitised as the editor's preview is.

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The row of a draft kind, whatever its table. */
async function rowOf(ctx: ContentContext, kind: DraftKind, id: string) {
  return kind === "article"
    ? await repo.articles.findById(ctx.db, id)
    : await repo.notes.findById(ctx.db, id);
}

/** A new secret link to the item's page, working for `hours`. */
export async function createDraftLink(
  ctx: ContentContext,
  kind: DraftKind,
  id: string,
  hours: number,
): Promise<DraftLink> {
  if (isFileId(id)) throw readOnly(`content/${kind}s`);
  if (!(await rowOf(ctx, kind, id))) throw notFound(kind);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + hours * 3_600_000);
  await repo.insertDraftLink(ctx.db, {
    tokenHash: hashOf(token),
    kind,
    itemId: id,
    createdBy: ctx.actor ?? null,
    expiresAt,
  });
  return { path: `${DRAFT_PREVIEW_PATH}?t=${token}`, expiresAt: expiresAt.toISOString() };
}

const gone = () =>
  new ApiError(404, "not_found", "This preview link has expired or does not exist");

/** What the page of a link shows; a token unknown, expired or whose item is gone: 404. */
export async function draftPage(ctx: ContentContext, token: string): Promise<DraftPage> {
  const link = await repo.findDraftLink(ctx.db, hashOf(token));
  const row = link && (await rowOf(ctx, link.kind, link.itemId));
  if (!link || !row) throw gone();
  const publishedAt = row.publishedAt?.toISOString() ?? null;
  // A note has no title, subtitle or summary: its page is its text.
  const head =
    "title" in row
      ? { title: row.title, subtitle: row.subtitle, summary: row.summary }
      : { title: "", subtitle: "", summary: "" };
  return {
    kind: link.kind,
    lang: row.lang,
    ...head,
    tags: row.tags,
    status: statusNow(row.status, publishedAt),
    publishedAt,
    html: (await previewMarkdown(row.body)).html,
    expiresAt: link.expiresAt.toISOString(),
  };
}
