import {
  DRAFT_PREVIEW_PATH,
  type DraftKind,
  type DraftLink,
  type DraftPage,
  statusNow,
} from "../../../shared/content.ts";
import { articles } from "../../articles/service.ts";
import { hashToken, newToken } from "../../auth/sessions.ts";
import { chapters } from "../../books/chapters.ts";
import { books } from "../../books/service.ts";
import { ApiError } from "../../http/errors.ts";
import { notes } from "../../notes/service.ts";
import * as draftLinksRepo from "../draft-links-repository.ts";
import { previewMarkdown } from "./preview.ts";
import { type ContentContext, isFileId, notFound, readOnly } from "./shared.ts";

// A draft (or a scheduled item) shown as its page before it is published, to its owner or to
// anyone given the link: a secret token that ends at a set time. Only the token's SHA-256 is
// stored; the page (`/draft-preview/?t=…`, a static page of the site's layout) reads the item
// through `GET /api/draft-preview`, rendered and sanitised as the editor's preview is.

/** The record of `get`, or null when it is gone (404). */
async function orNull<T>(record: Promise<T>): Promise<T | null> {
  try {
    return await record;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** What the page of a draft kind shows of its item, whatever its kind; null when it is gone. */
async function itemOf(ctx: ContentContext, kind: DraftKind, id: string) {
  if (kind === "chapter") {
    const chapter = await orNull(chapters.get(ctx, id));
    const book = chapter && (await orNull(books.get(ctx, chapter.bookId)));
    if (!chapter || !book) return null;
    // A chapter is read in its book: the book's title over it, its language, no time or tags.
    const head = { title: chapter.title, subtitle: book.title, summary: "", tags: [] };
    return {
      ...head,
      lang: book.lang,
      status: chapter.status,
      publishedAt: null,
      body: chapter.body,
    };
  }
  if (kind === "article") return orNull(articles.get(ctx, id));
  const note = await orNull(notes.get(ctx, id));
  // A note has no title, subtitle or summary: its page is its text.
  return note && { ...note, title: "", subtitle: "", summary: "" };
}

/** A new secret link to the item's page, working for `hours`. */
export async function createDraftLink(
  ctx: ContentContext,
  kind: DraftKind,
  id: string,
  hours: number,
): Promise<DraftLink> {
  if (isFileId(id)) throw readOnly(`content/${kind}s`);
  if (!(await itemOf(ctx, kind, id))) throw notFound(kind);
  const token = newToken();
  const expiresAt = new Date(Date.now() + hours * 3_600_000);
  await draftLinksRepo.insertDraftLink(ctx.db, {
    tokenHash: hashToken(token),
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
  const link = await draftLinksRepo.findDraftLink(ctx.db, hashToken(token));
  const item = link && (await itemOf(ctx, link.kind, link.itemId));
  if (!link || !item) throw gone();
  return {
    kind: link.kind,
    lang: item.lang,
    title: item.title,
    subtitle: item.subtitle,
    summary: item.summary,
    tags: item.tags,
    status: statusNow(item.status, item.publishedAt),
    publishedAt: item.publishedAt,
    html: (await previewMarkdown(item.body)).html,
    expiresAt: link.expiresAt.toISOString(),
  };
}
