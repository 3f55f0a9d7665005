import { type CollectionEntry, getCollection } from "astro:content";
import { codeToHtml } from "shiki";
import { dayOf } from "../shared/blog-time.ts";
import { type LabName, labEntryParts } from "../shared/kinds/lab.ts";
import { BUILD_TIME } from "./content.ts";
import { contentDir } from "./content-dir.ts";
import { codeTheme, noTokenizeTimeLimit } from "./markdown-plugins.mjs";

export type LabEntry = CollectionEntry<"labs">;

export interface Experiment {
  entry: LabEntry;
  lab: LabName;
  slug: string;
  path: string;
}

/** A lab's address on the site. */
export const labPath = (lab: LabName) => `/${lab}`;

/**
 * Whether an experiment shows: never a draft, and not before its date (the build's clock, as
 * `isLive` of src/lib/content.ts does for articles; in `astro dev` the clock runs).
 */
export function isLabLive(
  entry: LabEntry,
  now: Date = import.meta.env.DEV ? new Date() : BUILD_TIME,
): boolean {
  return !entry.data.draft && entry.data.date.getTime() <= now.getTime();
}

/** The live experiments of one lab (or of both), newest first. */
export async function liveExperiments(lab?: LabName): Promise<Experiment[]> {
  const entries = await getCollection("labs", (e) => isLabLive(e));
  const experiments: Experiment[] = [];
  for (const entry of entries) {
    const parts = labEntryParts(entry.id);
    if (!parts) {
      throw new Error(
        `${contentDir()}/labs/${entry.id}.mdx: an experiment lives at ${contentDir()}/labs/<hookslab|mixlab>/<slug>.mdx`,
      );
    }
    if (lab && parts.lab !== lab) continue;
    experiments.push({ entry, ...parts, path: `${labPath(parts.lab)}/${parts.slug}` });
  }
  return experiments.sort((a, b) => b.entry.data.date.getTime() - a.entry.data.date.getTime());
}

/** The day an experiment was published, in the blog's zone (YYYY-MM-DD). */
export const experimentDay = (e: Experiment) => dayOf(e.entry.data.date);

// The modules of the labs as text (Vite's `?raw`), read at build time: what a page shows as an
// experiment's source is the file its demo imports, never a copy. Tests are left out.
const SOURCES = import.meta.glob<string>(["/src/islands/labs/**/*.{ts,tsx}", "!**/*.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** A lab module's text by its path below src/islands/labs/ (`hooks/useDebouncedValue.ts`). */
export function labSource(path: string): string {
  const text = SOURCES[`/src/islands/labs/${path}`];
  if (text === undefined) throw new Error(`No module src/islands/labs/${path} to show as source`);
  return text;
}

/** A module highlighted by the site's Shiki setup (the CSS-variables theme of both themes). */
export async function highlightedSource(path: string): Promise<string> {
  return codeToHtml(labSource(path), {
    lang: path.endsWith(".tsx") ? "tsx" : "ts",
    theme: codeTheme,
    transformers: [noTokenizeTimeLimit],
  });
}

/** A small number from a text, the same on every build: what a preview's shapes follow. */
function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ (c.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

/** A bar or swatch of a preview (src/components/labs/LabPreview.astro). */
export interface PreviewRect {
  x: number;
  y: number;
  width: number;
  height: number;
  rx: number;
  fill: string;
  opacity?: number | undefined;
}

/**
 * What an experiment's static preview shows: its module's name as a call above a few lines of
 * "code", their lengths from a hash of the slug, in the theme's colours (CSS custom properties),
 * or for the mix lab a few swatches.
 */
export function previewOf(e: Experiment): { name: string; rects: PreviewRect[] } {
  const name = e.entry.data.sources[0]?.replace(/^.*\//, "").replace(/\.tsx?$/, "") ?? e.slug;
  let h = hash(e.slug);
  const rects: PreviewRect[] = [];
  if (e.lab === "mixlab") {
    // The mix lab is about what is seen: five swatches instead of lines of code, their hues a
    // walk round the wheel from where the slug's hash starts it (the same in both themes).
    const start = h % 360;
    const step = 24 + (h % 3) * 12;
    for (let i = 0; i < 5; i++) {
      const fill = `hsl(${(start + i * step) % 360} 65% 58%)`;
      rects.push({ x: 20 + i * 56, y: 62, width: 48, height: 64, rx: 6, fill });
    }
    return { name, rects };
  }
  for (let i = 0; i < 5; i++) {
    const indent = i === 0 || i === 4 ? 0 : 16 + (h % 2) * 16;
    const tint = ["--shiki-token-keyword", "--shiki-token-function", "--shiki-token-string"][h % 3];
    rects.push({
      x: 20 + indent,
      y: 62 + i * 16,
      width: 60 + (h % 150),
      height: 7,
      rx: 3.5,
      fill: `var(${tint})`,
      opacity: 0.8,
    });
    h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
  }
  return { name, rects };
}
