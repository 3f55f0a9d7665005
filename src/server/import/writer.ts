import { randomUUID } from "node:crypto";
import type { ImportCounts, ImportProgress } from "../../shared/import-rules.ts";
import { articles } from "../articles/service.ts";
import { renderComment } from "../comments/render.ts";
import type { ContentFiles } from "../content/files.ts";
import { noPublisher, type Publisher } from "../content/publisher.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { deleteUnusedImages } from "../media/service.ts";
import { dropImage } from "../media/store.ts";
import { gatherImages, type ImageDeps, type ImageSource, pointImages } from "./images.ts";
import type { Note, SiteRead } from "./items.ts";
import { type ImportPlan, planImport, type SiteState, sourceKeyOf } from "./plan.ts";
import { type ImportReport, reportOf } from "./report.ts";
import * as repo from "./repository.ts";

// An import from another blog: read (a SiteRead), planned against the site as it stands
// (plan.ts), then written. The images are stored first; then every row goes in one
// transaction, and when it fails the images stored are deleted again: a failed import leaves
// nothing behind. A dry run plans and reports without writing.

/** A blog read, with the way to its image files. */
export interface BlogSource extends ImageSource {
  /** The file or folder's name, as shown. */
  name: string;
  read: SiteRead;
}

export interface ImportDeps extends ImageDeps {
  db: Db;
  files: ContentFiles;
  publisher: Publisher;
}

export interface ImportOptions {
  dryRun?: boolean;
  /** Fetch the images the items show from other sites, and store them too. */
  fetchImages?: boolean;
  now?: Date;
  /** Told each step: every item read (its images stored), then the rows written. */
  onProgress?: ((progress: ImportProgress) => void) | undefined;
}

/** What an import brought (or, in a dry run, would bring). */
export interface ImportOutcome {
  /** The import's id, to remove it by; null for a dry run or when nothing was new. */
  importId: string | null;
  dryRun: boolean;
  /** The source as read. */
  report: ImportReport;
  written: ImportCounts;
  /** Items an earlier import brought, left as they are. */
  already: number;
  refused: ImportPlan["refused"];
  authors: ImportPlan["authors"];
  /** Each written item with a problem, and what was done instead. */
  problems: Array<{ sourceId: string; title: string; problems: Note[] }>;
}

/** The site as an import finds it: the database's rows and the files under content/. */
async function siteState(db: Db, files: ContentFiles): Promise<SiteState> {
  const state = await repo.readSiteState(db);
  const fileCategories = (await files.categories()).map((c) => ({
    slug: c.slug,
    nameZh: c.name["zh-CN"],
    nameEn: c.name["en-US"],
    parent: c.parent,
  }));
  return {
    articleSlugs: new Set([...state.articleSlugs, ...(await files.articles()).map((a) => a.slug)]),
    categories: [...fileCategories, ...state.categories],
    imported: new Set(state.imported),
    redirects: new Set(state.redirects),
    admins: state.admins,
  };
}

export async function importBlog(
  deps: ImportDeps,
  source: BlogSource,
  { dryRun = false, fetchImages = false, now = new Date(), onProgress }: ImportOptions = {},
): Promise<ImportOutcome> {
  const plan = planImport(source.read, await siteState(deps.db, deps.files), now);
  const importId = randomUUID();
  const images = await gatherImages(deps, source, plan, { dryRun, fetchImages, onProgress });
  const outcome: ImportOutcome = {
    importId: dryRun || plan.articles.length === 0 ? null : importId,
    dryRun,
    report: reportOf(source.read),
    written: {
      articles: plan.articles.filter((a) => a.item.kind === "article").length,
      pages: plan.articles.filter((a) => a.item.kind === "page").length,
      drafts: plan.articles.filter((a) => a.row.status === "draft").length,
      categories: plan.categories.length,
      images: images.found,
      comments: plan.articles.reduce((sum, a) => sum + a.comments.length, 0),
      redirects: plan.redirects.length,
    },
    already: plan.already.length,
    refused: plan.refused,
    authors: plan.authors,
    problems: plan.articles
      .filter((a) => a.problems.length > 0)
      .map((a) => ({ sourceId: a.item.sourceId, title: a.item.title, problems: a.problems })),
  };
  if (dryRun || plan.articles.length === 0) {
    onProgress?.({ stage: "done", done: plan.articles.length, total: plan.articles.length });
    return outcome;
  }

  const key = (id: string) => sourceKeyOf(source.read, id);
  try {
    await repo.writeImport(deps.db, onProgress, {
      import: {
        id: importId,
        tool: source.read.tool,
        source: source.name,
        counts: outcome.written,
        createdBy: deps.actor,
      },
      categories: plan.categories.map((c) => ({ ...c })),
      media: images.stored.map((s) => s.row),
      articles: plan.articles.map(({ row, item, authorId }) => ({
        ...row,
        body: pointImages(row.body, images.srcOf(item)),
        cover: images.coverOf(item),
        authorId: authorId ?? deps.actor,
      })),
      comments: plan.articles.flatMap(({ row, comments }) =>
        comments.map(({ id, threadId, replyToId, comment }) => {
          const at = comment.publishedAt ? new Date(comment.publishedAt) : row.createdAt;
          return {
            id,
            kind: "article" as const,
            item: row.slug,
            threadId,
            replyToId,
            guestName: comment.name,
            guestEmail: comment.email || null,
            body: comment.body,
            html: renderComment(comment.body).html,
            lang: row.lang,
            status: comment.status === "approved" ? ("approved" as const) : ("pending" as const),
            createdAt: at,
            updatedAt: at,
          };
        }),
      ),
      redirects: plan.redirects,
      rows: [
        ...plan.articles.map((a) => ({
          kind: "article" as const,
          sourceKey: a.sourceKey,
          rowKey: a.row.id,
        })),
        ...plan.articles.flatMap((a) =>
          a.comments.map((c) => ({
            kind: "comment" as const,
            sourceKey: c.sourceKey,
            rowKey: c.id,
          })),
        ),
        ...plan.categories.map((c) => ({
          kind: "category" as const,
          sourceKey: key(`category:${c.slug}`),
          rowKey: c.slug,
        })),
        ...images.stored.map((s) => ({
          kind: "media" as const,
          sourceKey: key(`image:${s.path}:${importId}`),
          rowKey: s.row.id,
        })),
      ],
    });
  } catch (error) {
    await Promise.all(images.stored.map((s) => dropImage(deps.storage, s.row.id, s.row)));
    throw error;
  }
  if (plan.articles.some((a) => a.row.status !== "draft")) {
    deps.publisher.contentChanged({ action: "imports.create", item: source.name });
  }
  return outcome;
}

/** What removing an import took away: its articles, categories and images. */
export interface RemovedImport {
  articles: string[];
  categories: string[];
  media: Awaited<ReturnType<typeof deleteUnusedImages>>;
}

/**
 * Removes what an import made, in one transaction: each of its articles as the article service
 * removes one (with its revisions, draft links and comments; one the owner has deleted since
 * is skipped), then its categories, old addresses and record, then the files of its images
 * nothing else shows. Null when there is no such import.
 */
export async function removeBlogImport(
  deps: Pick<ImportDeps, "db" | "storage" | "publisher" | "files">,
  id: string,
): Promise<RemovedImport | null> {
  const removed = await deps.db.transaction(async (tx) => {
    const made = await repo.madeBy(tx, id);
    if (!made) return null;
    // The site is told once, below, not once an article.
    const ctx = { db: tx, files: deps.files, publisher: noPublisher, actor: null };
    const gone: string[] = [];
    for (const articleId of made.articleIds) {
      try {
        gone.push((await articles.remove(ctx, articleId)).id);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
    return {
      articles: gone,
      categories: await repo.removeImportRecord(tx, id, made.categorySlugs),
      // Its images go unless something else shows them now (the media library's own rule).
      media: await deleteUnusedImages(tx, made.mediaIds),
    };
  });
  if (!removed) return null;
  await Promise.all(removed.media.map((m) => dropImage(deps.storage, m.id, m)));
  if (removed.articles.length > 0) deps.publisher.contentChanged({ action: "imports.delete" });
  return removed;
}

export const listBlogImports = (db: Db) => repo.listImports(db);
