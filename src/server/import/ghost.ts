import type { ElementContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { h } from "hastscript";
import { z } from "zod";
import { loadRomanizer } from "../../shared/slug.ts";
import { mobiledocMarkdown } from "./ghost-mobiledoc.ts";
import { htmlNodes, htmlToMarkdown } from "./html.ts";
import {
  detectLang,
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

// A Ghost export (Settings → Import/Export → Export: a JSON file): its posts and pages, tags
// and old addresses. A post's text is its `html`; an export without it has the editor's own
// form, Lexical, drawn here as HTML first.

const postSchema = z.object({
  id: z.string(),
  title: z.string().nullish(),
  slug: z.string(),
  html: z.string().nullish(),
  lexical: z.string().nullish(),
  mobiledoc: z.string().nullish(),
  type: z.string().default("post"),
  status: z.string(),
  visibility: z.string().default("public"),
  published_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  custom_excerpt: z.string().nullish(),
  feature_image: z.string().nullish(),
  locale: z.string().nullish(),
});
const exportSchema = z.object({
  db: z
    .array(
      z.object({
        data: z.object({
          posts: z.array(postSchema).default([]),
          tags: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
          posts_tags: z.array(z.object({ post_id: z.string(), tag_id: z.string() })).default([]),
          users: z
            .array(z.object({ id: z.string(), name: z.string(), email: z.string().nullish() }))
            .default([]),
          posts_authors: z
            .array(z.object({ post_id: z.string(), author_id: z.string() }))
            .default([]),
          posts_meta: z
            .array(z.object({ post_id: z.string(), meta_description: z.string().nullish() }))
            .default([]),
        }),
      }),
    )
    .min(1),
});

type Post = z.output<typeof postSchema>;

/** A Lexical node, as Ghost stores it: its type, its own fields, its children. */
interface LexicalNode {
  type?: unknown;
  children?: unknown;
  [field: string]: unknown;
}

const isNode = (value: unknown): value is LexicalNode =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const field = (node: LexicalNode, name: string) =>
  typeof node[name] === "string" ? node[name] : "";
/** Lexical's text formats, by bit: bold, italic, strikethrough, underline, code. */
const FORMATS: Array<[number, string]> = [
  [16, "code"],
  [1, "strong"],
  [2, "em"],
  [4, "s"],
  [8, "u"],
];

/** A Lexical tree as elements; the node types it does not know are kept as their text, and named. */
function lexicalNodes(node: LexicalNode, unknown: Set<string>): ElementContent[] {
  const children = Array.isArray(node.children)
    ? node.children.filter(isNode).flatMap((child) => lexicalNodes(child, unknown))
    : [];
  const type = typeof node.type === "string" ? node.type : "";
  switch (type) {
    case "root":
      return children;
    case "paragraph":
      return [h("p", children)];
    case "heading":
    case "extended-heading": {
      const tag = field(node, "tag");
      return [h(/^h[1-6]$/.test(tag) ? tag : "h2", children)];
    }
    case "quote":
    case "extended-quote":
    case "aside":
      return [h("blockquote", children)];
    case "list":
      return [h(field(node, "listType") === "number" ? "ol" : "ul", children)];
    case "listitem":
      return [h("li", children)];
    case "link":
      return [h("a", { href: field(node, "url") }, children)];
    case "linebreak":
      return [h("br")];
    case "horizontalrule":
      return [h("hr")];
    case "text":
    case "extended-text": {
      const format = typeof node.format === "number" ? node.format : 0;
      const plain: ElementContent = { type: "text", value: field(node, "text") };
      return [
        FORMATS.reduce<ElementContent>(
          (inner, [bit, tag]) => ((format & bit) !== 0 ? h(tag, [inner]) : inner),
          plain,
        ),
      ];
    }
    case "image": {
      const image = h("img", { src: field(node, "src"), alt: field(node, "alt") });
      const caption = field(node, "caption");
      // A caption is HTML in Lexical's image node.
      return caption ? [h("figure", [image, h("figcaption", htmlNodes(caption))])] : [image];
    }
    case "codeblock": {
      const language = field(node, "language");
      return [
        h("pre", [
          h("code", { className: language ? [`language-${language}`] : [] }, field(node, "code")),
        ]),
      ];
    }
    case "html":
      return htmlNodes(field(node, "html"));
    default:
      unknown.add(type);
      return children;
  }
}

/** The post's text as Markdown, and what of it could not be read as it was. */
function bodyOf(post: Post, problems: Note[]): string {
  if (post.html) return htmlToMarkdown(post.html);
  if (post.lexical) {
    const unknown = new Set<string>();
    let tree: unknown = null;
    try {
      tree = JSON.parse(post.lexical);
    } catch {
      problems.push(note("lexicalNotJson"));
      return "";
    }
    const root = isNode(tree) && isNode(tree.root) ? tree.root : {};
    const blocks = Array.isArray(root.children) ? root.children.filter(isNode) : [];
    // A Markdown card is Markdown already: kept as it is; the other blocks go through HTML.
    const markdown = blocks.map((block) =>
      block.type === "markdown"
        ? field(block, "markdown").trim()
        : htmlToMarkdown(toHtml(lexicalNodes(block, unknown))),
    );
    for (const type of unknown) problems.push(note("lexicalKept", { type }));
    return markdown.filter(Boolean).join("\n\n");
  }
  if (post.mobiledoc) {
    const read = mobiledocMarkdown(post.mobiledoc);
    if (!read) {
      problems.push(note("mobiledocUnread"));
      return "";
    }
    for (const type of read.unknown) problems.push(note("mobiledocKept", { type }));
    return read.markdown;
  }
  return "";
}

/** Reads a Ghost export (the text of its JSON file). */
export async function readGhostExport(json: string): Promise<SiteRead> {
  await loadRomanizer();
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new SourceRefused("Not a Ghost export: not JSON");
  }
  const parsed = exportSchema.safeParse(data);
  if (!parsed.success) throw new SourceRefused("Not a Ghost export: no db with posts");
  const ghost = parsed.data.db[0]?.data;
  if (!ghost) throw new SourceRefused("Not a Ghost export: no db with posts");
  const tagNames = new Map(ghost.tags.map((tag) => [tag.id, tag.name]));
  const users = new Map(ghost.users.map((user) => [user.id, user]));
  /** A post's first author, as the export names them. */
  const authorOf = (postId: string): ImportItem["author"] => {
    const link = ghost.posts_authors.find((each) => each.post_id === postId);
    const user = link ? users.get(link.author_id) : undefined;
    return user ? { name: user.name, email: user.email ?? null } : null;
  };
  const descriptions = new Map(
    ghost.posts_meta.map((meta) => [meta.post_id, meta.meta_description]),
  );
  const items: ImportItem[] = [];
  const skipped: SiteRead["skipped"] = [];
  for (const post of ghost.posts) {
    if (post.type !== "post" && post.type !== "page") {
      skipped.push({ file: post.id, reason: note("notPostOrPage", { type: post.type }) });
      continue;
    }
    const problems: Note[] = [];
    // The site has no members: a post only members could read must not go public.
    const forMembers = post.visibility !== "public";
    if (forMembers) problems.push(note("forMembers", { visibility: post.visibility }));
    const body = bodyOf(post, problems);
    const title = post.title || `Untitled ${post.slug}`;
    const opening = readBody(body);
    items.push({
      kind: post.type === "page" ? "page" : "article",
      sourceId: `${post.type}:${post.id}`,
      title,
      slug: slugOf([post.slug, title]) ?? post.id,
      lang: langOf(post.locale) ?? detectLang(`${title}\n${body}`),
      translationKey: null,
      publishedAt: timeOf(post.published_at, "UTC"),
      updatedAt: timeOf(post.updated_at, "UTC"),
      draft: post.status === "draft" || forMembers,
      categories: [],
      tags: ghost.posts_tags
        .filter((link) => link.post_id === post.id)
        .flatMap((link) => tagNames.get(link.tag_id) ?? []),
      summary: post.custom_excerpt || descriptions.get(post.id) || opening.summary || title,
      body,
      oldPaths: [`/${post.slug}/`],
      images: opening.images,
      cover: post.feature_image ?? null,
      author: authorOf(post.id),
      comments: [],
      problems,
    });
  }
  return { tool: "ghost", items: uniqueSlugs(items), skipped };
}
