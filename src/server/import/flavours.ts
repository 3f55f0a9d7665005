import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, dirname, extname, join, relative, sep } from "node:path";
import { type ImportItem, listOf, type Note, note, textOf } from "./items.ts";
import type { TagSyntax } from "./template-tags.ts";

// Each blog tool's rules: where its posts and pages live, what its fields are called, and the
// addresses it gave them.

export interface SiteConfig {
  /** The time zone of times written without an offset (IANA name; UTC when unsaid). */
  zone: string;
  /** Hexo's and Jekyll's permalink setting. */
  permalink: string | null;
}

/** One Markdown file as its tool sees it. */
export interface SourceFile {
  /** The path in the source, with "/". */
  path: string;
  data: Record<string, unknown>;
  body: string;
  problems: Note[];
}

export interface Flavour {
  /** The Markdown files of posts and pages, as paths in the source, or why one is left. */
  files(
    dir: string,
  ): Promise<Array<{ path: string; kind: ImportItem["kind"] | "skip"; reason?: Note }>>;
  /** Jekyll gives a post without a title its file's name as one. */
  titlesByName?: boolean;
  /** Hexo's tag plugins or Hugo's shortcodes, which the body may hold. */
  tags?: TagSyntax;
  /** Hexo's front matter may have no opening line. */
  bare?: boolean;
  /** Why a file read is no post or page (a Hugo headless bundle), or null. */
  skip?(file: SourceFile): Note | null;
  /** The file's name as its tool names the item: no date, no language, a bundle's folder. */
  name(path: string): string;
  date(file: SourceFile): unknown;
  updated(file: SourceFile): unknown;
  summary(file: SourceFile): string | null;
  /** Each category the item is in, as its names from the outermost in. */
  categories(file: SourceFile): string[][];
  lang(file: SourceFile): unknown;
  translationKey(file: SourceFile): string | null;
  draft(file: SourceFile): boolean;
  /** The paths it answered at, given its slug and times. */
  oldPaths(file: SourceFile, item: Pick<ImportItem, "slug" | "publishedAt">): string[];
}

const MARKDOWN = new Set([".md", ".markdown"]);

/** Every Markdown file under `dir/under`, as paths in the source. */
async function markdownUnder(dir: string, under: string): Promise<string[]> {
  const root = join(dir, under);
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && MARKDOWN.has(extname(entry.name).toLowerCase()))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

export const stem = (path: string) => basename(path, extname(path));
/** "my-first-post" as "My First Post". */
export const titleOf = (name: string) =>
  name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
/** A bundle's `index.md` is named by its folder. */
const bundled = (path: string) => (stem(path) === "index" ? basename(dirname(path)) : stem(path));
const JEKYLL_NAME = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/;

/** `/a/b/`: a path with one slash each side and none doubled. */
function sitePath(...parts: string[]): string {
  const joined = parts.join("/").split("/").filter(Boolean).join("/");
  return joined.includes(".") && !joined.endsWith("/") ? `/${joined}` : `/${joined}/`;
}

/** A permalink pattern (Hexo's `:year/:month/:title/`, Jekyll's) filled for one item. */
function permalink(pattern: string, values: Record<string, string>): string {
  const names = Object.keys(values).sort((a, b) => b.length - a.length);
  let path = pattern;
  for (const name of names) path = path.replaceAll(`:${name}`, values[name] ?? "");
  return sitePath(path);
}

/** The parts of a time a permalink names, in the source's zone. */
function timeParts(iso: string | null, zone: string): Record<string, string> {
  if (!iso) return {};
  const at = new Date(iso);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone: zone, ...options }).format(at);
  const [month, day] = [part({ month: "numeric" }), part({ day: "numeric" })];
  return {
    year: part({ year: "numeric" }),
    month: month.padStart(2, "0"),
    i_month: month,
    day: day.padStart(2, "0"),
    i_day: day,
  };
}

const common = {
  date: (file: SourceFile) => file.data.date,
  updated: (file: SourceFile) => file.data.updated ?? file.data.lastmod,
  summary: (file: SourceFile) =>
    textOf(file.data.description) ?? textOf(file.data.summary) ?? textOf(file.data.excerpt),
  /** Hugo's, Jekyll's and the Astro themes' categories are side by side, none under another. */
  categories: (file: SourceFile) =>
    listOf(file.data.categories ?? file.data.category).map((name) => [name]),
  lang: (file: SourceFile) => file.data.lang ?? file.data.language ?? file.data.locale,
  translationKey: (file: SourceFile) =>
    textOf(file.data.translationKey) ?? textOf(file.data.i18n) ?? null,
  draft: (file: SourceFile) => file.data.draft === true || file.data.published === false,
};

/**
 * Hexo's categories: a list is one category under another (`[Life, Travel]`); a list of lists
 * is several (`[[Life, Travel], [Photos]]`).
 */
export function hexoCategories(value: unknown): string[][] {
  if (Array.isArray(value) && value.some(Array.isArray)) {
    return value.map((path) => listOf(path)).filter((path) => path.length > 0);
  }
  const path = listOf(value);
  return path.length > 0 ? [path] : [];
}

export function hexo(config: SiteConfig): Flavour {
  return {
    ...common,
    bare: true,
    tags: "hexo",
    async files(dir) {
      const posts = await markdownUnder(dir, "source/_posts");
      const drafts = await markdownUnder(dir, "source/_drafts");
      const pages = (await markdownUnder(dir, "source")).filter(
        (path) => !path.startsWith("source/_"),
      );
      return [
        ...[...posts, ...drafts].map((path) => ({ path, kind: "article" as const })),
        ...pages.map((path) => ({ path, kind: "page" as const })),
      ];
    },
    name: bundled,
    categories: (file) => hexoCategories(file.data.categories ?? file.data.category),
    draft: (file) => file.path.startsWith("source/_drafts/") || common.draft(file),
    oldPaths(file, item) {
      if (!file.path.startsWith("source/_posts/")) {
        return [sitePath(dirname(file.path.slice("source/".length)))];
      }
      const title = file.path.slice("source/_posts/".length, -extname(file.path).length);
      const pattern = config.permalink ?? ":year/:month/:day/:title/";
      return [
        permalink(pattern, {
          ...timeParts(item.publishedAt, config.zone),
          title,
          name: stem(file.path),
          post_title: title,
          category: listOf(file.data.categories).join("/"),
        }),
      ];
    },
  };
}

export function jekyll(config: SiteConfig): Flavour {
  return {
    ...common,
    titlesByName: true,
    async files(dir) {
      const posts = [
        ...(await markdownUnder(dir, "_posts")),
        ...(await markdownUnder(dir, "_drafts")),
      ];
      const pages = (await readdir(dir)).filter(
        (name) =>
          MARKDOWN.has(extname(name).toLowerCase()) && !["README.md", "index.md"].includes(name),
      );
      return [
        ...posts.map((path) => ({ path, kind: "article" as const })),
        ...pages.map((path) => ({ path, kind: "page" as const })),
      ];
    },
    name: (path) => stem(path).replace(JEKYLL_NAME, "$4"),
    date(file) {
      const named = JEKYLL_NAME.exec(stem(file.path));
      return file.data.date ?? (named ? `${named[1]}-${named[2]}-${named[3]}` : null);
    },
    draft: (file) => file.path.startsWith("_drafts/") || common.draft(file),
    oldPaths(file, item) {
      const own = textOf(file.data.permalink);
      if (own) return [sitePath(own)];
      if (!file.path.startsWith("_posts/")) return [sitePath(`${stem(file.path)}.html`)];
      const style = config.permalink ?? "date";
      const styles: Record<string, string> = {
        date: "/:categories/:year/:month/:day/:title:output_ext",
        pretty: "/:categories/:year/:month/:day/:title/",
        none: "/:categories/:title:output_ext",
      };
      return [
        permalink(styles[style] ?? style, {
          ...timeParts(item.publishedAt, config.zone),
          categories: common.categories(file).flat().join("/").toLowerCase(),
          title: stem(file.path).replace(JEKYLL_NAME, "$4"),
          output_ext: ".html",
        }),
      ];
    },
  };
}

export function hugo(): Flavour {
  return {
    ...common,
    tags: "hugo",
    async files(dir) {
      const paths = await markdownUnder(dir, "content");
      // A folder with an index.md is one page (a bundle): its other files are its parts.
      const bundles = paths
        .filter((path) => stem(path) === "index")
        .map((path) => `${dirname(path)}/`);
      return paths.map((path) => {
        const owner = bundles.find((bundle) => path.startsWith(bundle) && stem(path) !== "index");
        if (owner) return { path, kind: "skip" as const, reason: note("bundlePart", { owner }) };
        if (stem(path).startsWith("_index"))
          return { path, kind: "skip" as const, reason: note("hugoList") };
        // content/<section>/…: a post; content/<name>.md: a page.
        return {
          path,
          kind: path.split("/").length > 2 ? ("article" as const) : ("page" as const),
        };
      });
    },
    skip(file) {
      if (file.data.headless === true) return note("headless");
      const drawn = textOf(file.data.layout) ?? textOf(file.data.type);
      return drawn && !file.body.trim() ? note("layoutOnly", { layout: drawn }) : null;
    },
    // `name.zh.md`: the language is the second extension.
    name: (path) => bundled(path).split(".")[0] ?? "",
    lang: (file) => stem(file.path).split(".")[1] ?? common.lang(file),
    translationKey(file) {
      const own = common.translationKey(file);
      if (own) return own;
      // Files named alike in one folder are translations of each other (Hugo's own rule).
      return stem(file.path).includes(".")
        ? `${dirname(file.path)}/${stem(file.path).split(".")[0]}`
        : null;
    },
    oldPaths(file, item) {
      const url = textOf(file.data.url);
      const section = file.path.split("/").length > 2 ? (file.path.split("/")[1] ?? "") : "";
      return [
        url ? sitePath(url) : sitePath(section, textOf(file.data.slug) ?? item.slug),
        ...listOf(file.data.aliases).map((alias) => sitePath(alias)),
      ];
    },
  };
}

/** Fuwari (`src/content/posts`) and AstroPaper (`src/data/blog`) and their kin. */
export function astro(): Flavour {
  return {
    ...common,
    async files(dir) {
      const posts = [
        ...(await markdownUnder(dir, "src/content/posts")),
        ...(await markdownUnder(dir, "src/content/blog")),
        ...(await markdownUnder(dir, "src/data/blog")),
      ];
      const pages = await markdownUnder(dir, "src/content/spec");
      return [
        ...posts.map((path) => ({ path, kind: "article" as const })),
        ...pages.map((path) => ({ path, kind: "page" as const })),
      ];
    },
    name: bundled,
    date: (file) => file.data.published ?? file.data.pubDatetime ?? file.data.date,
    updated: (file) => file.data.updated ?? file.data.modDatetime,
    oldPaths: (file, item) =>
      file.path.startsWith("src/content/spec/")
        ? [sitePath(stem(file.path))]
        : [sitePath("posts", textOf(file.data.slug) ?? item.slug)],
  };
}
