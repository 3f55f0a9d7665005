import {
  listArticlesQuerySchema,
  listNotesQuerySchema,
  listPhotosQuerySchema,
} from "../../shared/content.ts";
import type { ContentStatus } from "../../shared/content-rules.ts";
import { auditLogQuerySchema } from "../../shared/logs.ts";
import type { Overview, QueuedItem } from "../../shared/overview.ts";
import { articles as articleService } from "../articles/service.ts";
import { commentStatusCounts } from "../comments/service.ts";
import type { ContentContext } from "../content/service.ts";
import { fediverseFollowerCount } from "../fediverse/service.ts";
import { subscriberSummary } from "../following/admin.ts";
import { listAuditLogs } from "../logs/service.ts";
import { notes as noteService } from "../notes/service.ts";
import { photos as photoService } from "../photos/service.ts";
import * as repo from "./repository.ts";

/**
 * The blog at a glance: counts of every kind by status (files and rows together, as the lists
 * count them), users, feedback by status, the newest drafts, the scheduled queue, the newest
 * feedback and admin actions. A handful of small queries, run together.
 */

const QUEUE = 8;

/** A list item's title in a line: a title in one language or two (its English), or a note's first words. */
function titleOf(item: { title?: unknown; excerpt?: unknown; slug?: unknown }): string {
  const title = item.title;
  if (typeof title === "string" && title) return title;
  if (typeof title === "object" && title !== null) {
    const both = Object.fromEntries(Object.entries(title));
    const text = both["en-US"] || both["zh-CN"];
    if (typeof text === "string" && text) return text;
  }
  if (typeof item.excerpt === "string" && item.excerpt) return item.excerpt.slice(0, 80);
  return typeof item.slug === "string" ? item.slug : "";
}

/** The drafts or scheduled items of the three kinds, each kind's list asked the same way. */
async function queue(ctx: ContentContext, status: "draft" | "scheduled"): Promise<QueuedItem[]> {
  const query = { status, sort: "updated", pageSize: String(QUEUE) };
  const [articles, notes, photos] = await Promise.all([
    articleService.list(ctx, listArticlesQuerySchema.parse(query)),
    noteService.list(ctx, listNotesQuerySchema.parse(query)),
    photoService.list(ctx, listPhotosQuerySchema.parse(query)),
  ]);
  const items: QueuedItem[] = [
    ...articles.items.map((item) => ({ kind: "article" as const, item })),
    ...notes.items.map((item) => ({ kind: "note" as const, item })),
    ...photos.items.map((item) => ({ kind: "photo" as const, item })),
  ].map(({ kind, item }) => ({
    kind,
    id: item.id,
    title: titleOf(item),
    at: status === "draft" ? item.updatedAt : item.publishedAt,
  }));
  const time = (item: QueuedItem) => (item.at ? Date.parse(item.at) : 0);
  // Drafts: the latest change first. The queue: the soonest first.
  items.sort((a, b) => (status === "draft" ? time(b) - time(a) : time(a) - time(b)));
  return items.slice(0, QUEUE);
}

async function chapterCounts(ctx: ContentContext) {
  const counts = { draft: 0, published: 0 };
  for (const row of await repo.chapterStatusCounts(ctx.db)) counts[row.status] += row.n;
  for (const file of await ctx.files.chapters()) counts[file.status] += 1;
  return counts;
}

async function feedbackCounts(ctx: ContentContext) {
  const rows = await repo.feedbackStatusCounts(ctx.db);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

const statuses = (counts: { statuses: Record<ContentStatus, number> }) => counts.statuses;

export async function overview(ctx: ContentContext): Promise<Overview> {
  const [articles, notes, photos, chapters, userNumbers, feedbackNumbers, drafts, scheduled] =
    await Promise.all([
      articleService.counts(ctx),
      noteService.counts(ctx),
      photoService.counts(ctx),
      chapterCounts(ctx),
      repo.userCounts(ctx.db),
      feedbackCounts(ctx),
      queue(ctx, "draft"),
      queue(ctx, "scheduled"),
    ]);
  const [recent, actions, comments, followers, fediverseFollowers] = await Promise.all([
    repo.recentFeedback(ctx.db, 5),
    listAuditLogs(ctx.db, auditLogQuerySchema.parse({ pageSize: "6" })),
    commentStatusCounts(ctx.db),
    subscriberSummary(ctx.db),
    fediverseFollowerCount(ctx.db),
  ]);
  return {
    content: {
      articles: statuses(articles),
      notes: statuses(notes),
      photos: statuses(photos),
      chapters,
    },
    users: userNumbers,
    feedback: feedbackNumbers,
    comments,
    subscribers: {
      total: followers.total,
      langs: followers.langs,
      last30Days: followers.last30Days,
    },
    fediverseFollowers,
    drafts,
    scheduled,
    recentFeedback: recent.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })),
    recentActions: actions.items,
  };
}
