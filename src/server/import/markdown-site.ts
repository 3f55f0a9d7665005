import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import { loadRomanizer } from "../../shared/slug.ts";
import {
  astro,
  type Flavour,
  hexo,
  hugo,
  jekyll,
  type SiteConfig,
  type SourceFile,
  stem,
  titleOf,
} from "./flavours.ts";
import { splitFrontMatter } from "./front-matter.ts";
import {
  detectLang,
  type ImportItem,
  langOf,
  listOf,
  type Note,
  note,
  readBody,
  type SiteRead,
  SourceRefused,
  slugOf,
  type Tool,
  textOf,
  timeOf,
  uniqueSlugs,
} from "./items.ts";
import { convertTemplateTags } from "./template-tags.ts";

// A blog kept as Markdown files with front matter: a Hexo, Hugo or Jekyll site, or an Astro
// theme's (Fuwari, AstroPaper), read into import items. Each tool's own rules (where posts live,
// what its fields are called, what addresses it gave them) are in its `Flavour`.

/** The first of `names` in `dir` read as YAML, TOML or JSON, or an empty map. */
async function configFile(dir: string, names: string[]): Promise<Record<string, unknown>> {
  for (const name of names) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    const text = await readFile(path, "utf8");
    const data: unknown = name.endsWith(".toml")
      ? parseToml(text)
      : name.endsWith(".json")
        ? JSON.parse(text)
        : parseYaml(text);
    if (typeof data === "object" && data !== null) return { ...data };
  }
  return {};
}

const HUGO_CONFIGS = [
  "hugo.toml",
  "hugo.yaml",
  "hugo.json",
  "config.toml",
  "config.yaml",
  "config.json",
];

/** Which tool made the site in `dir`, and its settings an import needs. */
async function detect(dir: string): Promise<{ tool: Tool; flavour: Flavour; config: SiteConfig }> {
  const zoneOf = (value: unknown) => textOf(value) ?? "UTC";
  if (existsSync(join(dir, "source/_posts"))) {
    const data = await configFile(dir, ["_config.yml"]);
    const config = { zone: zoneOf(data.timezone), permalink: textOf(data.permalink) };
    return { tool: "hexo", flavour: hexo(config), config };
  }
  if (existsSync(join(dir, "_posts"))) {
    const data = await configFile(dir, ["_config.yml", "_config.yaml"]);
    const config = { zone: zoneOf(data.timezone), permalink: textOf(data.permalink) };
    return { tool: "jekyll", flavour: jekyll(config), config };
  }
  if (
    existsSync(join(dir, "content")) &&
    HUGO_CONFIGS.some((name) => existsSync(join(dir, name)))
  ) {
    const data = await configFile(dir, HUGO_CONFIGS);
    return {
      tool: "hugo",
      flavour: hugo(),
      config: { zone: zoneOf(data.timeZone), permalink: null },
    };
  }
  if (
    ["src/content/posts", "src/content/blog", "src/data/blog"].some((p) => existsSync(join(dir, p)))
  ) {
    return { tool: "astro", flavour: astro(), config: { zone: "UTC", permalink: null } };
  }
  throw new SourceRefused(
    "Not a blog this import knows: no source/_posts (Hexo), _posts (Jekyll), content/ with a Hugo config, or src/content/posts, src/content/blog or src/data/blog (Astro themes)",
  );
}

/** Reads the Markdown blog in the folder `dir`: its posts and pages as import items. */
export async function readMarkdownSite(dir: string): Promise<SiteRead> {
  await loadRomanizer();
  const { tool, flavour, config } = await detect(dir);
  const items: ImportItem[] = [];
  const skipped: SiteRead["skipped"] = [];
  for (const { path, kind, reason } of await flavour.files(dir)) {
    if (kind === "skip") {
      skipped.push({ file: path, reason: reason ?? note("status", { status: "skipped" }) });
      continue;
    }
    const split = splitFrontMatter(await readFile(join(dir, path), "utf8"), { bare: flavour.bare });
    const problems: Note[] = split.problem ? [split.problem] : [];
    // Hexo's post `a.md` keeps its own images in the folder `a/`.
    const tags = flavour.tags && convertTemplateTags(split.body, flavour.tags, stem(path));
    for (const tag of tags ? tags.kept : []) problems.push(note("keptAsText", { code: tag }));
    const file: SourceFile = {
      path,
      data: split.data,
      body: tags ? tags.markdown : split.body,
      problems,
    };
    const left = flavour.skip?.(file);
    if (left) skipped.push({ file: path, reason: left });
    else items.push(itemOf(file, kind, flavour, config));
  }
  return { tool, items: uniqueSlugs(items), skipped };
}

/** The author front matter names: a name, or a map with one (Jekyll's `author: {name}`). */
function authorOf(data: Record<string, unknown>): ImportItem["author"] {
  const field = data.author;
  const name =
    textOf(field) ??
    (typeof field === "object" && field !== null && "name" in field ? textOf(field.name) : null) ??
    listOf(data.authors)[0];
  return name ? { name, email: null } : null;
}

/** The cover image front matter names, by the field each tool or theme uses. */
function coverOf(data: Record<string, unknown>): string | null {
  const fields = ["cover", "image", "featured_image", "thumbnail", "banner", "ogImage"];
  for (const field of fields) {
    const src = textOf(data[field]);
    if (src) return src;
  }
  return listOf(data.images)[0] ?? null;
}

function itemOf(
  file: SourceFile,
  kind: ImportItem["kind"],
  flavour: Flavour,
  config: SiteConfig,
): ImportItem {
  const problems = [...file.problems];
  const name = flavour.name(file.path);
  const ownTitle = textOf(file.data.title);
  const title = ownTitle ?? titleOf(name);
  // Jekyll titles a post without one after its file; other tools leave it untitled.
  if (!ownTitle && !flavour.titlesByName) problems.push(note("titleFromFile", { title }));
  const made = slugOf([textOf(file.data.slug), name, title]);
  if (!made) problems.push(note("untitled"));
  const slug = made ?? "untitled";
  const rawDate = flavour.date(file);
  const publishedAt = timeOf(rawDate, config.zone);
  if (rawDate !== undefined && rawDate !== null && !publishedAt) {
    problems.push(note("dateUnread", { date: String(rawDate) }));
  }
  const { summary: opening, images } = readBody(file.body);
  const summary = flavour.summary(file) ?? opening;
  if (!summary) problems.push(note("noSummary"));
  const lang = langOf(flavour.lang(file)) ?? detectLang(`${title}\n${file.body}`);
  return {
    kind,
    sourceId: file.path,
    title,
    slug,
    lang,
    translationKey: flavour.translationKey(file),
    publishedAt,
    updatedAt: timeOf(flavour.updated(file), config.zone),
    draft: flavour.draft(file),
    categories: flavour.categories(file),
    tags: listOf(file.data.tags),
    summary: summary || title,
    body: file.body,
    oldPaths: flavour.oldPaths(file, { slug, publishedAt }),
    images,
    cover: coverOf(file.data),
    author: authorOf(file.data),
    comments: [],
    problems,
  };
}
