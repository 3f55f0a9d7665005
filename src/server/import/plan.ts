import { randomUUID } from "node:crypto";
import { normalAddress } from "../../lib/redirects-file.ts";
import { COMMENT_LIMITS } from "../../shared/comment-rules.ts";
import { CONTENT_LIMITS, isPathSafeTag, SLUG } from "../../shared/content-rules.ts";
import { createArticleSchema } from "../../shared/kinds/article.ts";
import {
  cut,
  type ImportComment,
  type ImportItem,
  type Note,
  note,
  type SiteRead,
  slugOf,
} from "./items.ts";

// What an import will write, worked out before anything is: each new item as the site's
// article (its slug free, its category found or made, its tags within the site's rules), its
// comments in threads, and its old addresses. Items an earlier run brought are left as they
// are. Pure: the site as it stands comes in as `SiteState`.

/** What of the site an import has to fit around. */
export interface SiteState {
  /** Every article's slug, in the database and in files. */
  articleSlugs: ReadonlySet<string>;
  categories: ReadonlyArray<PlannedCategory>;
  /** The source keys of articles earlier imports brought. */
  imported: ReadonlySet<string>;
  /** Old addresses already leading somewhere. */
  redirects: ReadonlySet<string>;
  /** The site's admins: a source's author with one's email or name writes as that admin. */
  admins: ReadonlyArray<{ id: string; email: string; userName: string }>;
}

export interface PlannedArticle {
  sourceKey: string;
  item: ImportItem;
  row: {
    id: string;
    slug: string;
    lang: ImportItem["lang"];
    translationKey: string | null;
    title: string;
    summary: string;
    body: string;
    /** Set by the writer, once the cover's file is stored (or its address checked). */
    cover: string;
    category: string;
    tags: string[];
    status: "draft" | "published" | "scheduled";
    publishedAt: Date | null;
    createdAt: Date;
    updatedAt: Date;
  };
  comments: PlannedComment[];
  /** The admin the source's author is here; null: whoever runs the import. */
  authorId: string | null;
  /** The problems of the item, with what this plan changed of it. */
  problems: Note[];
}

export interface PlannedComment {
  sourceKey: string;
  id: string;
  threadId: string | null;
  replyToId: string | null;
  comment: ImportComment;
}

/** A category as the site keeps it: its slug, its name in both languages, the one it sits under. */
export interface PlannedCategory {
  slug: string;
  nameZh: string;
  nameEn: string;
  parent: string | null;
}

export interface ImportPlan {
  articles: PlannedArticle[];
  /** The categories to make: each after the one it sits under. */
  categories: PlannedCategory[];
  /** The site's category of each of the source's (its path of names, `categoryKey`). */
  categoryOf: Map<string, string>;
  redirects: Array<{ fromPath: string; toPath: string }>;
  /** Items an earlier import brought: left as they are. */
  already: string[];
  /** Items that cannot be written, and why. */
  refused: Array<{ sourceId: string; title: string; reason: Note }>;
  /** Comments left out (spam), by item. */
  spam: number;
  /** The source's authors: how many items each wrote, and the admin they write as here. */
  authors: Array<{ name: string; items: number; as: string | null }>;
}

/** Where the site's pages of the source's pages go: a category of their own. */
export const PAGES_CATEGORY = { slug: "pages", nameZh: "页面", nameEn: "Pages", parent: null };
/** Where an item without a category goes, as WordPress names it. */
export const NO_CATEGORY = {
  slug: "uncategorized",
  nameZh: "未分类",
  nameEn: "Uncategorized",
  parent: null,
};

/** A source's category told apart from the rest: its names from the outermost in. */
export const categoryKey = (path: readonly string[]) =>
  path.map((name) => name.trim().toLowerCase()).join("\u0000");

/** The key an item or comment is known by across runs: the tool, the site, its own id. */
export const sourceKeyOf = (read: SiteRead, id: string) =>
  `${read.tool}:${read.origin ?? ""}:${id}`;

/** The site path of an article. */
export const articlePath = (slug: string) => `/articles/${slug}/`;

export function planImport(read: SiteRead, site: SiteState, now = new Date()): ImportPlan {
  const slugs = new Set(site.articleSlugs);
  const plan: ImportPlan = {
    articles: [],
    categories: [],
    categoryOf: new Map(),
    redirects: [],
    already: [],
    refused: [],
    spam: 0,
    authors: [],
  };
  const authors = new Map<string, ImportPlan["authors"][number]>();
  const adminOf = (author: ImportItem["author"]) => {
    if (!author) return null;
    const email = author.email?.toLowerCase();
    return (
      site.admins.find((a) => email && a.email.toLowerCase() === email) ??
      site.admins.find((a) => a.userName === author.name) ??
      null
    );
  };

  // Categories: a name under a parent finds the site's category of that name under it (either
  // language), or makes one with a free slug.
  const categorySlugs = new Set(site.categories.map((c) => c.slug));
  const named = new Map<string, string>();
  const know = (c: PlannedCategory) => {
    for (const name of [c.nameZh, c.nameEn]) {
      const at = `${c.parent ?? ""}/${name.trim().toLowerCase()}`;
      if (!named.has(at)) named.set(at, c.slug);
    }
  };
  site.categories.forEach(know);
  const category = (made: PlannedCategory) => {
    const at = `${made.parent ?? ""}/${made.nameEn.toLowerCase()}`;
    const known = named.get(at);
    if (known) return known;
    categorySlugs.add(made.slug);
    know(made);
    plan.categories.push(made);
    return made.slug;
  };
  /** The site's category of a source's, made with those it sits under when new. */
  const categoryAt = (path: readonly string[]): string => {
    let parent: string | null = null;
    for (const [i, name] of path.entries()) {
      const key = categoryKey(path.slice(0, i + 1));
      const found =
        plan.categoryOf.get(key) ?? named.get(`${parent ?? ""}/${name.trim().toLowerCase()}`);
      const slug: string = found ?? category({ ...freeCategory(name, categorySlugs), parent });
      plan.categoryOf.set(key, slug);
      parent = slug;
    }
    return parent ?? category(NO_CATEGORY);
  };
  for (const path of read.categories ?? []) categoryAt(path);
  for (const item of read.items) for (const path of item.categories) categoryAt(path);
  const redirected = new Set(site.redirects);

  // English first: a Chinese translation that shares its slug takes `<slug>-zh`, as the site's own do.
  const items = [...read.items].sort((a, b) =>
    a.lang === b.lang ? 0 : a.lang === "en-US" ? -1 : 1,
  );
  for (const item of items) {
    const sourceKey = sourceKeyOf(read, item.sourceId);
    if (site.imported.has(sourceKey)) {
      plan.already.push(item.sourceId);
      continue;
    }
    const problems = [...item.problems];
    const slug = freeSlug(item, slugs, problems);
    const [first, ...others] = item.categories;
    const inCategory =
      item.kind === "page"
        ? category(PAGES_CATEGORY)
        : first
          ? categoryAt(first)
          : category(NO_CATEGORY);
    // The site files an article under one category: the others it was in become tags, after its
    // own (the site takes fifty).
    const otherNames = (item.kind === "page" ? item.categories : others).flatMap((p) =>
      p.slice(-1),
    );
    const tags = siteTags([...item.tags, ...otherNames], problems);
    const publishedAt = item.publishedAt ? new Date(item.publishedAt) : null;
    const status = item.draft
      ? "draft"
      : publishedAt && publishedAt > now
        ? "scheduled"
        : "published";
    const title = cut(item.title, CONTENT_LIMITS.title);
    if (title !== item.title) problems.push(note("titleCut", { max: CONTENT_LIMITS.title }));
    const row = {
      id: randomUUID(),
      slug,
      lang: item.lang,
      translationKey:
        item.translationKey && SLUG.test(item.translationKey) ? item.translationKey : null,
      title,
      summary: cut(item.summary || title, CONTENT_LIMITS.summary),
      body: item.body,
      cover: "",
      category: inCategory,
      tags,
      status,
      publishedAt: status === "draft" ? publishedAt : (publishedAt ?? now),
      createdAt: publishedAt ?? now,
      updatedAt: item.updatedAt ? new Date(item.updatedAt) : (publishedAt ?? now),
    } satisfies PlannedArticle["row"];
    const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = row;
    const checked = createArticleSchema.safeParse({
      ...fields,
      publishedAt: row.publishedAt?.toISOString() ?? null,
    });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      plan.refused.push({
        sourceId: item.sourceId,
        title: item.title,
        reason: note("notValid", {
          field: issue?.path.join(".") ?? "",
          message: issue?.message ?? "",
        }),
      });
      slugs.delete(slug);
      continue;
    }
    const comments = threads(read, item);
    plan.spam += item.comments.length - comments.length;
    const admin = adminOf(item.author);
    if (item.author) {
      const known = authors.get(item.author.name);
      if (known) known.items += 1;
      else {
        authors.set(item.author.name, {
          name: item.author.name,
          items: 1,
          as: admin?.userName ?? null,
        });
      }
    }
    plan.articles.push({ sourceKey, item, row, comments, authorId: admin?.id ?? null, problems });
    for (const old of item.oldPaths) {
      const from = normalAddress(old);
      if (!from || from === articlePath(slug) || redirected.has(from)) continue;
      redirected.add(from);
      plan.redirects.push({ fromPath: from, toPath: articlePath(slug) });
    }
  }
  plan.authors = [...authors.values()];
  return plan;
}

/** A new category named `name` in both languages, with the first free slug for it. */
function freeCategory(name: string, taken: ReadonlySet<string>) {
  const base = slugOf([name]) ?? "category";
  const slug =
    [base, ...Array.from({ length: 98 }, (_, i) => `${base.slice(0, 70)}-${i + 2}`)].find(
      (s) => !taken.has(s),
    ) ?? `category-${randomUUID().slice(0, 8)}`;
  const words = cut(name.trim(), CONTENT_LIMITS.categoryName) || slug;
  return { slug, nameZh: words, nameEn: words };
}

/** The item's slug, or the first free one after it (`-zh` for a Chinese text, then `-2` …). */
function freeSlug(item: ImportItem, taken: Set<string>, problems: Note[]): string {
  const candidates = [
    item.slug,
    ...(item.lang === "zh-CN" ? [`${item.slug}-zh`] : []),
    ...Array.from({ length: 98 }, (_, i) => `${item.slug}-${i + 2}`),
  ].map((slug) => slug.slice(0, CONTENT_LIMITS.slug).replace(/-+$/, ""));
  const slug =
    candidates.find((s) => !taken.has(s)) ??
    `${item.slug.slice(0, 40)}-${randomUUID().slice(0, 8)}`;
  if (slug !== item.slug) problems.push(note("slugTaken", { slug: item.slug, used: slug }));
  taken.add(slug);
  return slug;
}

/** Tags as the site takes them: at most fifty, each short and safe in a path; the rest said. */
function siteTags(names: string[], problems: Note[]): string[] {
  const tags: string[] = [];
  const left: string[] = [];
  for (const name of names) {
    const tag = name.trim();
    const fits = tag.length > 0 && tag.length <= CONTENT_LIMITS.tag && isPathSafeTag(tag);
    if (tags.includes(tag)) continue;
    if (fits && tags.length < CONTENT_LIMITS.tags) tags.push(tag);
    else left.push(tag);
  }
  if (left.length > 0) problems.push(note("tagsLeftOut", { tags: left.join(", ") }));
  return tags;
}

/**
 * The item's comments but spam, each answering inside its thread: a reply to a reply joins the
 * first comment's thread (threads are one level deep), still naming whom it answers.
 */
function threads(read: SiteRead, item: ImportItem): PlannedComment[] {
  const kept = item.comments.filter((c) => c.status !== "spam");
  const ids = new Map(kept.map((c) => [c.sourceId, randomUUID()]));
  const parent = new Map(kept.map((c) => [c.sourceId, c.replyTo]));
  const rootOf = (id: string): string => {
    const seen = new Set<string>();
    let at = id;
    for (let up = parent.get(at); up && ids.has(up) && !seen.has(up); up = parent.get(at)) {
      seen.add(at);
      at = up;
    }
    return at;
  };
  return kept.map((comment) => {
    const answers = comment.replyTo && ids.has(comment.replyTo) ? comment.replyTo : null;
    const root = answers ? rootOf(comment.sourceId) : null;
    return {
      sourceKey: sourceKeyOf(read, `${item.sourceId}#comment-${comment.sourceId}`),
      id: ids.get(comment.sourceId) ?? randomUUID(),
      threadId: root && root !== comment.sourceId ? (ids.get(root) ?? null) : null,
      replyToId: answers ? (ids.get(answers) ?? null) : null,
      comment: {
        ...comment,
        name: cut(comment.name || "—", COMMENT_LIMITS.name),
        email: comment.email.slice(0, COMMENT_LIMITS.email),
      },
    };
  });
}
