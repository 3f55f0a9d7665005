import { z } from "zod";
import "../../../shared/zod-browser.ts";
import { type PageRecord, savePageSchema } from "../../../shared/content.ts";
import { type FormWords, serverIssues, withWords } from "../app/problems.ts";

/** A page's form: its text, by the server's own rule (`savePageSchema`). */
const fieldsSchema = z.strictObject({ body: savePageSchema.shape.body });

export type PageFields = z.input<typeof fieldsSchema>;
export type PageValues = z.output<typeof fieldsSchema>;

/** The form's fields in screen order: where a problem sends focus first. */
export const PAGE_FIELDS = ["body"] as const;

/** The form's words for its text's problems (the server's refusals too). */
const PAGE_WORDS: FormWords = {
  body: { blank: "bmsPages.problems.bodyRequired", long: "bmsPages.problems.bodyTooLong" },
};

/** The form's schema, its problems in the interface's words. */
export const pageSchema = withWords(fieldsSchema, PAGE_WORDS);

/** A failed save with its field issues on the form's fields. */
export const pageIssues = (error: unknown, values?: PageFields) =>
  serverIssues(error, PAGE_WORDS, values);

/** A page's values to edit. */
export const pageFields = (page: Pick<PageRecord, "body">): PageFields => ({ body: page.body });
