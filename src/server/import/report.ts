import { type ImportItem, isWebAddress, type Note, type SiteRead } from "./items.ts";
import { categoryKey } from "./plan.ts";

// The dry run's report: what an import would bring, and every item it could not bring as it was.

export interface ImportReport {
  tool: SiteRead["tool"];
  counts: {
    articles: number;
    pages: number;
    drafts: number;
    categories: number;
    tags: number;
    /** Image files of the source the items show. */
    images: number;
    /** Images the items show from other sites: left as addresses. */
    remoteImages: number;
    comments: number;
  };
  /** Each item with a problem, and what was done instead. */
  problems: Array<{ sourceId: string; title: string; problems: Note[] }>;
  skipped: SiteRead["skipped"];
}

/** The item's cover, if it is a file of the source (`web` false) or an address (true). */
const covers = (item: ImportItem, web: boolean) =>
  item.cover && isWebAddress(item.cover) === web ? [item.cover] : [];

/** Every category of the source, by `categoryKey`: those it lists, those items are in, and those they sit under. */
export function sourceCategories(read: SiteRead): Set<string> {
  const paths = [...(read.categories ?? []), ...read.items.flatMap((item) => item.categories)];
  return new Set(paths.flatMap((path) => path.map((_, i) => categoryKey(path.slice(0, i + 1)))));
}

export function reportOf(read: SiteRead): ImportReport {
  const distinct = (pick: (item: ImportItem) => string[]) =>
    new Set(read.items.flatMap(pick).map((name) => name.toLowerCase())).size;
  return {
    tool: read.tool,
    counts: {
      articles: read.items.filter((item) => item.kind === "article").length,
      pages: read.items.filter((item) => item.kind === "page").length,
      drafts: read.items.filter((item) => item.draft).length,
      categories: sourceCategories(read).size,
      tags: distinct((item) => item.tags),
      images: distinct((item) => [...item.images.files, ...covers(item, false)]),
      remoteImages: distinct((item) => [...item.images.remote, ...covers(item, true)]),
      comments: read.items.reduce((sum, item) => sum + item.comments.length, 0),
    },
    problems: read.items
      .filter((item) => item.problems.length > 0)
      .map(({ sourceId, title, problems }) => ({ sourceId, title, problems })),
    skipped: read.skipped,
  };
}
