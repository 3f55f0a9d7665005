import { type CollectionEntry, getCollection } from "astro:content";
import type { Locale } from "../i18n/core.ts";

export type Article = CollectionEntry<"articles">;
export type Note = CollectionEntry<"notes">;
export type Book = CollectionEntry<"books">;
export type Chapter = CollectionEntry<"chapters">;

/** The build's clock; scheduled items go live when a later build runs after their time. */
export const BUILD_TIME = new Date();

interface Publishable {
  data: { status: "draft" | "published" | "scheduled"; publishedAt?: Date };
}

/** Drafts never show; scheduled items show once their time has come. */
export function isLive(entry: Publishable, now: Date = BUILD_TIME): boolean {
  const { status, publishedAt } = entry.data;
  if (status === "draft") return false;
  return !publishedAt || publishedAt.getTime() <= now.getTime();
}

/** Pinned first, then newest first. */
export function byPinnedThenNewest(a: Article, b: Article): number {
  if (a.data.pinned !== b.data.pinned) return a.data.pinned ? -1 : 1;
  return b.data.publishedAt.getTime() - a.data.publishedAt.getTime();
}

export async function liveArticles(): Promise<Article[]> {
  return (await getCollection("articles", (a) => isLive(a))).sort(byPinnedThenNewest);
}

export async function liveNotes(): Promise<Note[]> {
  return (await getCollection("notes", (n) => isLive(n))).sort(
    (a, b) => b.data.publishedAt.getTime() - a.data.publishedAt.getTime(),
  );
}

/** Minutes to read: about 300 Chinese characters or 200 English words a minute. */
export function readingMinutes(body: string, lang: Locale): number {
  const text = body.replace(/```[\s\S]*?```/g, " ").replace(/[#*_>`[\]()!-]/g, " ");
  const units =
    lang === "zh-CN"
      ? (text.match(/[\u3400-\u9fff]/g)?.length ?? 0) / 300 +
        (text.match(/[A-Za-z]+/g)?.length ?? 0) / 200
      : (text.match(/\S+/g)?.length ?? 0) / 200;
  return Math.max(1, Math.round(units));
}

/** The article in the other language, when it exists and is live. */
export function translationOf(article: Article, all: Article[]): Article | undefined {
  const key = article.data.translationKey;
  return key ? all.find((a) => a.id !== article.id && a.data.translationKey === key) : undefined;
}

/** Local date (the blog's own zone) as YYYY-MM-DD, for grouping and <time> text. */
export function dayOf(date: Date): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Shanghai" }).format(date);
}

export function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { timeZone: "Asia/Shanghai", dateStyle: "long" }).format(
    date,
  );
}
