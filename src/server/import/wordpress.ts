import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { loadRomanizer } from "../../shared/slug.ts";
import { htmlToMarkdown, paragraphs } from "./html.ts";
import {
  detectLang,
  type ImportComment,
  type ImportItem,
  langOf,
  type Note,
  note,
  readBody,
  type SiteRead,
  SourceRefused,
  slugOf,
  timeOf,
  uniqueSlugs,
} from "./items.ts";
import { type Attachment, expandShortcodes } from "./wordpress-shortcodes.ts";

// A WordPress export (WXR, Tools → Export): its posts and pages with their categories, tags,
// comments and old addresses, read with an XML parser and checked with zod.

const LISTS = new Set([
  "item",
  "category",
  "wp:category",
  "wp:tag",
  "wp:comment",
  "wp:postmeta",
  "wp:author",
  "wp:wp_author",
]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

/** An element's text: a string, or `#text` beside its attributes; missing is "". */
const text = z.preprocess((value) => {
  if (value === undefined || value === null) return "";
  if (typeof value === "object" && "#text" in value) return String(value["#text"]);
  return typeof value === "object" ? "" : String(value);
}, z.string());

const termSchema = z.object({ "#text": text, "@_domain": text, "@_nicename": text });
const commentSchema = z.object({
  "wp:comment_id": text,
  "wp:comment_author": text,
  "wp:comment_author_email": text,
  "wp:comment_date_gmt": text,
  "wp:comment_content": text,
  "wp:comment_approved": text,
  "wp:comment_type": text,
  "wp:comment_parent": text,
});
const authorSchema = z.object({
  "wp:author_login": text,
  "wp:author_email": text,
  "wp:author_display_name": text,
});
const itemSchema = z.object({
  title: text,
  link: text,
  "content:encoded": text,
  "excerpt:encoded": text,
  "wp:post_id": text,
  "wp:post_date": text,
  "wp:post_date_gmt": text,
  "wp:post_name": text,
  "wp:status": text,
  "wp:post_type": text,
  "wp:attachment_url": text,
  "wp:post_password": text,
  "wp:post_parent": text,
  "dc:creator": text,
  "wp:postmeta": z.array(z.object({ "wp:meta_key": text, "wp:meta_value": text })).default([]),
  category: z.array(termSchema).default([]),
  "wp:comment": z.array(commentSchema).default([]),
});
const exportSchema = z.object({
  rss: z.object({
    channel: z.object({
      link: text,
      language: text,
      // WordPress writes `wp:author`; some exports (its theme test data) `wp:wp_author`.
      "wp:author": z.array(authorSchema).default([]),
      "wp:wp_author": z.array(authorSchema).default([]),
      "wp:category": z
        .array(
          z.object({
            "wp:category_nicename": text,
            "wp:category_parent": text,
            "wp:cat_name": text,
          }),
        )
        .default([]),
      item: z.array(itemSchema).default([]),
    }),
  }),
});

type Item = z.output<typeof itemSchema>;

/** WordPress's statuses: what shows, what is kept as a draft, what is left out. */
const STATUS: Record<string, "published" | "draft" | "skip"> = {
  publish: "published",
  future: "published",
  draft: "draft",
  pending: "draft",
  private: "draft",
  trash: "skip",
  "auto-draft": "skip",
};

/** A WordPress time in UTC ("2011-01-18 07:40:14"); its zero time means none. */
const gmt = (value: string) => (value.startsWith("0000") ? null : timeOf(value, "UTC"));

/** The path and query of an address of the old site. */
function pathOf(link: string): string | null {
  try {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

function commentsOf(item: Item, problems: Note[]): ImportComment[] {
  const kept: ImportComment[] = [];
  for (const comment of item["wp:comment"]) {
    const type = comment["wp:comment_type"];
    const approved = comment["wp:comment_approved"];
    if ((type !== "" && type !== "comment") || approved === "trash") {
      const id = comment["wp:comment_id"];
      problems.push(type ? note("commentLeftOut", { id, type }) : note("commentTrashed", { id }));
      continue;
    }
    const parent = comment["wp:comment_parent"];
    kept.push({
      sourceId: comment["wp:comment_id"],
      replyTo: parent === "0" || parent === "" ? null : parent,
      name: comment["wp:comment_author"],
      email: comment["wp:comment_author_email"],
      publishedAt: gmt(comment["wp:comment_date_gmt"]),
      body: htmlToMarkdown(paragraphs(comment["wp:comment_content"])),
      status: approved === "1" ? "approved" : approved === "spam" ? "spam" : "pending",
    });
  }
  return kept.sort((a, b) => (a.publishedAt ?? "").localeCompare(b.publishedAt ?? ""));
}

/** A value of the post's meta (`wp:postmeta`), by its key. */
const metaOf = (item: Item, key: string) =>
  item["wp:postmeta"].find((meta) => meta["wp:meta_key"] === key)?.["wp:meta_value"];

/** A slug WordPress stored percent-encoded (a Chinese one), as text. */
function decoded(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

function itemOf(
  item: Item,
  categoryPath: (nicename: string) => string[],
  attachments: Map<string, Attachment>,
  authors: Map<string, ImportItem["author"]>,
): ImportItem {
  const problems: Note[] = [];
  const id = item["wp:post_id"];
  const kind = item["wp:post_type"] === "page" ? "page" : "article";
  const status = STATUS[item["wp:status"]] ?? "draft";
  if (item["wp:status"] === "private") problems.push(note("private"));
  // The site has no passwords on posts: one kept behind a password must not go public.
  const locked = item["wp:post_password"] !== "";
  if (locked) problems.push(note("password"));
  const media = expandShortcodes(item["content:encoded"], id, attachments);
  for (const code of media.kept) problems.push(note("keptAsText", { code }));
  const body = htmlToMarkdown(paragraphs(media.html));
  const title = item.title || `Untitled ${id}`;
  if (!item.title) problems.push(note("noTitle", { title }));
  const terms = (domain: string) => item.category.filter((term) => term["@_domain"] === domain);
  const made = slugOf([decoded(item["wp:post_name"]), title]);
  const excerpt = htmlToMarkdown(item["excerpt:encoded"]);
  const opening = readBody(body);
  const link = pathOf(item.link);
  const polylang = terms("language")[0]?.["@_nicename"];
  return {
    kind,
    sourceId: `${item["wp:post_type"]}:${id}`,
    title,
    slug: made ?? `${kind}-${id}`,
    lang: langOf(polylang) ?? detectLang(`${title}\n${body}`),
    translationKey: terms("post_translations")[0]?.["@_nicename"] || null,
    publishedAt: gmt(item["wp:post_date_gmt"]),
    updatedAt: null,
    draft: status === "draft" || locked,
    categories: filedUnder(terms("category").map((term) => categoryPath(term["@_nicename"]))),
    tags: terms("post_tag").map((term) => term["#text"]),
    summary: (excerpt ? readBody(excerpt).summary : opening.summary) || title,
    body,
    oldPaths: [
      ...new Set(
        [link, kind === "page" ? `/?page_id=${id}` : `/?p=${id}`].filter((path) => path !== null),
      ),
    ],
    images: opening.images,
    // The featured image: an attachment, named by its id in the post's meta.
    cover: attachments.get(metaOf(item, "_thumbnail_id") ?? "")?.url || null,
    author:
      authors.get(item["dc:creator"]) ??
      (item["dc:creator"] ? { name: item["dc:creator"], email: null } : null),
    comments: commentsOf(item, problems),
    problems,
  };
}

/**
 * A post's categories, the deepest first (where it is filed here); one that another sits under
 * is left out, as the category under it shows it.
 */
function filedUnder(paths: string[][]): string[][] {
  const key = (path: string[]) => path.join("\u0000");
  const outer = new Set(
    paths.flatMap((path) => path.slice(0, -1).map((_, i) => key(path.slice(0, i + 1)))),
  );
  const kept = paths.filter((path) => path.length > 0 && !outer.has(key(path)));
  return [...new Map(kept.map((path) => [key(path), path])).values()].sort(
    (a, b) => b.length - a.length,
  );
}

/** Reads a WordPress export (the XML text of a WXR file). */
export async function readWordPressExport(xml: string): Promise<SiteRead> {
  await loadRomanizer();
  const parsed = exportSchema.safeParse(parser.parse(xml));
  if (!parsed.success) throw new SourceRefused("Not a WordPress export: no rss channel of items");
  const { channel } = parsed.data.rss;
  const categories = new Map(channel["wp:category"].map((c) => [c["wp:category_nicename"], c]));
  // The export's authors by login, as each post names its own (`dc:creator`).
  const authors = new Map(
    [...channel["wp:author"], ...channel["wp:wp_author"]].map((a) => [
      a["wp:author_login"],
      {
        name: a["wp:author_display_name"] || a["wp:author_login"],
        email: a["wp:author_email"] || null,
      },
    ]),
  );
  /** A category's names from the outermost in. */
  const categoryPath = (nicename: string): string[] => {
    const names: string[] = [];
    for (
      let at = categories.get(nicename);
      at && names.length < 10;
      at = categories.get(at["wp:category_parent"])
    ) {
      names.unshift(at["wp:cat_name"]);
    }
    return names;
  };
  // An entry with an id and comments but no type holds more comments of that id's post.
  const partial = (item: Item) => item["wp:post_type"] === "" && item["wp:post_id"] !== "";
  const moreComments = new Map<string, Item["wp:comment"]>();
  for (const item of channel.item.filter(partial)) {
    const id = item["wp:post_id"];
    moreComments.set(id, [...(moreComments.get(id) ?? []), ...item["wp:comment"]]);
  }
  const attachments = new Map<string, Attachment>(
    channel.item
      .filter((item) => item["wp:post_type"] === "attachment")
      .map((item) => [
        item["wp:post_id"],
        { url: item["wp:attachment_url"], title: item.title, parent: item["wp:post_parent"] },
      ]),
  );
  const items: ImportItem[] = [];
  const skipped: SiteRead["skipped"] = [];
  for (const entry of channel.item) {
    const id = entry["wp:post_id"];
    if (partial(entry)) {
      skipped.push({ file: `comments:${id}`, reason: note("commentsJoined", { id }) });
      continue;
    }
    const item = {
      ...entry,
      "wp:comment": [...entry["wp:comment"], ...(moreComments.get(id) ?? [])],
    };
    moreComments.delete(id);
    const type = item["wp:post_type"];
    const where = `${type}:${id}`;
    if (type === "attachment") {
      skipped.push({
        file: where,
        reason: note("mediaFile", { url: item["wp:attachment_url"] }),
      });
      continue;
    }
    if (type !== "post" && type !== "page") {
      skipped.push({
        file: where,
        reason: type ? note("notPostOrPage", { type }) : note("noPostType"),
      });
      continue;
    }
    if (STATUS[item["wp:status"]] === "skip") {
      skipped.push({ file: where, reason: note("status", { status: item["wp:status"] }) });
      continue;
    }
    items.push(itemOf(item, categoryPath, attachments, authors));
  }
  return {
    tool: "wordpress",
    ...(channel.link ? { origin: channel.link } : {}),
    items: uniqueSlugs(items),
    categories: [...categories.keys()].map(categoryPath),
    skipped,
  };
}
