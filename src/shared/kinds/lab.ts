import { z } from "zod";
import { CONTENT_LIMITS } from "../content-rules.ts";
import { slugSchema, tagsSchema } from "./fields.ts";
import { bothLanguages } from "./photo.ts";

/**
 * An experiment of the labs (`/hookslab`, `/mixlab`): an MDX file under
 * `content/labs/<lab>/<slug>.mdx` whose body explains it in both languages and places its island.
 * Like a photo it is one item in both languages, so its title and summary are written in each.
 * Experiments live in git only (no table, no back office): the owner adds one by writing a file.
 * Its fields, each once; the `labs` collection (src/content.config.ts) is made from them.
 */

/** The labs, each a folder of content/labs/ and a page of the site. */
export const LAB_NAMES = ["hookslab", "mixlab"] as const;
export type LabName = (typeof LAB_NAMES)[number];

export const LAB_LIMITS = { summary: 300, sources: 6 } as const;

/**
 * A module of src/islands/labs/ the page shows as source, as a path below that folder
 * (`hooks/useDebouncedValue.ts`): the page imports the module's text, so what it shows is what
 * the demo runs.
 */
export const labSourceSchema = z
  .string()
  .regex(/^[a-z]+\/[A-Za-z0-9-]+\.tsx?$/, "must be a module of src/islands/labs/, e.g. hooks/x.ts");

export const labFields = {
  title: bothLanguages(CONTENT_LIMITS.title),
  summary: bothLanguages(LAB_LIMITS.summary),
  tags: tagsSchema.default([]),
  /** When it was published; a later date keeps it off the site until a build after it. */
  date: z.coerce.date(),
  /** A draft never appears on the site. */
  draft: z.boolean().default(false),
  /** What the page shows as source, the experiment's own module first. */
  sources: z.array(labSourceSchema).min(1).max(LAB_LIMITS.sources),
};

/** The `labs` collection's fields. */
export const labCollectionFields = labFields;

/** An experiment's entry id is `<lab>/<slug>`; its lab and slug, or null for a stray file. */
export function labEntryParts(id: string): { lab: LabName; slug: string } | null {
  const [lab, slug, ...rest] = id.split("/");
  if (rest.length > 0 || !slug || !slugSchema.safeParse(slug).success) return null;
  const name = LAB_NAMES.find((l) => l === lab);
  return name ? { lab: name, slug } : null;
}
