import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { MediaRefusal } from "../../lib/images/process.ts";
import type { ImportProgress } from "../../shared/import-rules.ts";
import { MEDIA_LIMITS } from "../../shared/kinds/media.ts";
import { isRefused, type OutboundPolicy, outboundFetch } from "../http/outbound.ts";
import { librarySrc, storeLibraryImage } from "../media/service.ts";
import { dropImage } from "../media/store.ts";
import type { Storage } from "../storage/storage.ts";
import { type ImportItem, isWebAddress, type Note, note } from "./items.ts";
import type { ImportPlan } from "./plan.ts";

// An import's images: each file of the source an item shows stored once through the media
// library (variants, no GPS), each address on the web fetched when asked, and the Markdown
// pointed at the library's addresses. What stays as written is said in the item's problems.

/** What storing an import's images needs of the import's deps. */
export interface ImageDeps {
  storage: Storage;
  /** Who runs it (an admin's id), or null from the command line. */
  actor: string | null;
  /** Which addresses fetching an image may reach (public ones only, unless a test says). */
  outbound?: OutboundPolicy;
}

/** Where a source keeps its image files. */
export interface ImageSource {
  /**
   * The bytes of an image file an item shows (its address as written), with the file's path in
   * the source (one image shown by several items is stored once); null when the source has none.
   */
  image(item: ImportItem, src: string): Promise<{ path: string; bytes: Uint8Array } | null>;
}

/** How long one image may take to arrive when fetched. */
const FETCH_TIMEOUT_MS = 20_000;

type StoredImage = { path: string; row: Awaited<ReturnType<typeof storeLibraryImage>> };

/**
 * Stores each image file the new items show, once (a dry run only finds them), and says in an
 * item's problems which of its images stay as written, and why.
 */
export async function gatherImages(
  deps: ImageDeps,
  source: ImageSource,
  plan: ImportPlan,
  {
    dryRun,
    fetchImages,
    onProgress,
  }: {
    dryRun: boolean;
    fetchImages: boolean;
    onProgress: ((progress: ImportProgress) => void) | undefined;
  },
) {
  const stored: StoredImage[] = [];
  const byPath = new Map<string, StoredImage | null>();
  const bySrc = new Map<ImportItem, Map<string, string>>();
  const covers = new Map<ImportItem, string>();
  /** The library's address of a file of the source, stored once; null when it has none. */
  const fileSrc = async (planned: ImportPlan["articles"][number], src: string) => {
    const file = await source.image(planned.item, src);
    if (!file) return null;
    if (!byPath.has(file.path)) {
      const image = dryRun ? null : await storeOne(deps, file, planned.problems);
      byPath.set(file.path, image);
      if (image) stored.push(image);
    }
    const image = byPath.get(file.path);
    return image ? librarySrc(image.row.id, image.row.variants) : "";
  };
  /** The library's address of an image on another site, fetched and stored once; null if not. */
  const webSrc = async (planned: ImportPlan["articles"][number], url: string) => {
    if (!byPath.has(url)) {
      const file = dryRun ? null : await fetchImage(deps, url, planned.problems);
      const image = file && (await storeOne(deps, file, planned.problems));
      byPath.set(url, image ?? null);
      if (image) stored.push(image);
    }
    const image = byPath.get(url);
    return image ? librarySrc(image.row.id, image.row.variants) : null;
  };
  try {
    const total = plan.articles.length;
    for (const [i, planned] of plan.articles.entries()) {
      onProgress?.({ stage: "items", done: i, total });
      const srcs = new Map<string, string>();
      for (const src of planned.item.images.files) {
        const at = await fileSrc(planned, src);
        if (at === null) planned.problems.push(note("imageMissing", { src }));
        else if (at) srcs.set(src, at);
      }
      const cover = planned.item.cover;
      if (cover && isWebAddress(cover)) {
        const at = fetchImages && URL.canParse(cover) ? await webSrc(planned, cover) : null;
        if (at) covers.set(planned.item, at);
        else if (cover.startsWith("https://")) covers.set(planned.item, cover);
        else planned.problems.push(note("coverNotHttps", { src: cover }));
      } else if (cover) {
        const at = await fileSrc(planned, cover);
        if (at === null) planned.problems.push(note("coverMissing", { src: cover }));
        else if (at) covers.set(planned.item, at);
      }
      for (const src of planned.item.images.remote) {
        const at = fetchImages ? await webSrc(planned, src) : null;
        if (at) srcs.set(src, at);
        else if (!fetchImages || dryRun) planned.problems.push(note("imageRemote", { src }));
      }
      bySrc.set(planned.item, srcs);
    }
    onProgress?.({ stage: "items", done: total, total });
  } catch (error) {
    await Promise.all(stored.map((s) => dropImage(deps.storage, s.row.id, s.row)));
    throw error;
  }
  return {
    stored,
    /** Image files found: stored, or in a dry run to be stored. */
    found: dryRun ? byPath.size : stored.length,
    srcOf: (item: ImportItem) => bySrc.get(item) ?? new Map<string, string>(),
    coverOf: (item: ImportItem) => covers.get(item) ?? "",
  };
}

/**
 * An image on another site, fetched through the outbound policy (public addresses only, each
 * redirect checked), at most the library's size; null with a note when it cannot be had.
 */
async function fetchImage(
  deps: ImageDeps,
  url: string,
  problems: Note[],
): Promise<{ path: string; bytes: Uint8Array } | null> {
  try {
    const response = await outboundFetch(
      url,
      { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) },
      deps.outbound ?? {},
    );
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      problems.push(note("imageFetchFailed", { src: url, why: `HTTP ${response.status}` }));
      return null;
    }
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > MEDIA_LIMITS.bytes) {
      await response.body?.cancel().catch(() => {});
      problems.push(note("imageFetchFailed", { src: url, why: "larger than 25 MB" }));
      return null;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { path: url, bytes };
  } catch (error) {
    const why = isRefused(error) ? "an address this server may not reach" : errorText(error);
    problems.push(note("imageFetchFailed", { src: url, why }));
    return null;
  }
}

const errorText = (error: unknown) =>
  error instanceof Error
    ? error.cause instanceof Error
      ? error.cause.message
      : error.message
    : String(error);

async function storeOne(
  deps: ImageDeps,
  file: { path: string; bytes: Uint8Array },
  problems: Note[],
): Promise<StoredImage | null> {
  try {
    const row = await storeLibraryImage(deps.storage, file.bytes, file.path, deps.actor);
    return { path: file.path, row };
  } catch (error) {
    if (!(error instanceof MediaRefusal)) throw error;
    problems.push(note("imageRefused", { src: file.path, reason: error.reason }));
    return null;
  }
}

/**
 * The Markdown with each image whose address `srcs` names pointing at its new address; the
 * rest of the text as written. Images are found by the parser, and replaced by their places.
 */
export function pointImages(body: string, srcs: ReadonlyMap<string, string>): string {
  if (srcs.size === 0) return body;
  const spans: Array<{ start: number; end: number; text: string }> = [];
  const visit = (node: Nodes) => {
    if (node.type === "image") {
      const to = srcs.get(node.url) ?? srcs.get(safeDecode(node.url));
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (to && start !== undefined && end !== undefined) {
        const title = node.title ? ` "${node.title.replaceAll('"', '\\"')}"` : "";
        spans.push({ start, end, text: `![${escapeAlt(node.alt ?? "")}](${to}${title})` });
      }
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(fromMarkdown(body));
  let out = body;
  for (const span of spans.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, span.start) + span.text + out.slice(span.end);
  }
  return out;
}

const escapeAlt = (alt: string) =>
  alt.replaceAll("\\", "\\\\").replaceAll("[", "\\[").replaceAll("]", "\\]");

function safeDecode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
