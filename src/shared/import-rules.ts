import { z } from "zod";
import type { SettingsMessages } from "../i18n/locales/en-US.ts";
import "./zod-browser.ts";

// What the back office's import takes (src/server/import/routes.ts), checked by the form
// before the upload and by the API on arrival: one file, an export or a .zip, within the size.

export const IMPORT_LIMITS = {
  /** A blog's text and images; Netlify's functions take about 6 MB whatever this says. */
  bytes: 100 * 1024 * 1024,
} as const;

/** The files the import reads: WordPress's .xml, Ghost's .json, a .zip of either or of a Markdown blog. */
export const IMPORT_EXTENSIONS = [".xml", ".json", ".zip"] as const;

const extensionOf = (name: string) => name.slice(name.lastIndexOf(".")).toLowerCase();

/** The upload: its problems are message keys, said in the interface's language. */
export const importFileSchema = z.object({
  file: z
    .instanceof(File, { message: "bmsImport.problems.noFile" })
    .refine((file) => file.size > 0, "bmsImport.problems.empty")
    .refine((file) => file.size <= IMPORT_LIMITS.bytes, "bmsImport.problems.tooLarge")
    .refine(
      (file) => (IMPORT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)),
      "bmsImport.problems.type",
    ),
  /** Fetch the images on other sites into the library too: a checkbox, sent as "1" or "0". */
  fetchImages: z
    .union([z.boolean(), z.literal(["0", "1"]).transform((value) => value === "1")])
    .default(false),
  /** The id the page asks `GET /api/admin/imports/progress/:id` by while the import runs. */
  progress: z.uuid().optional(),
});
export type ImportFileInput = z.input<typeof importFileSchema>;
export type ImportFile = z.output<typeof importFileSchema>;

/**
 * How far an import has got: its items read and their images stored, then the rows written
 * (in one transaction), then done.
 */
export interface ImportProgress {
  stage: "items" | "writing" | "done";
  done: number;
  total: number;
}

/** What an import brought, or would bring (the API's answer, src/server/import/writer.ts). */
export type ImportCounts = {
  articles: number;
  pages: number;
  drafts: number;
  categories: number;
  images: number;
  comments: number;
  redirects: number;
};

/** The notes an import makes of an item or a file, by key (their words: `bmsImport.notes`). */
export type ImportNoteKey = keyof SettingsMessages["bmsImport"]["notes"];

/** Something to know about an item or a file of an import: what happened, with its values. */
export interface ImportNote {
  key: ImportNoteKey;
  values?: Record<string, string | number> | undefined;
}
