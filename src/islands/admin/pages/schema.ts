import { z } from "zod";
import "../../../shared/zod-browser.ts";
import type { MessageKey } from "../../../i18n/core.ts";
import { type PageRecord, savePageSchema } from "../../../shared/content.ts";
import { formIssues } from "../app/content/form.ts";
import { problemsIn, withProblems } from "../app/problems.ts";

/** A page's form: its text, by the server's own rule (`savePageSchema`). */
const fieldsSchema = z.strictObject({ body: savePageSchema.shape.body });

export type PageFields = z.input<typeof fieldsSchema>;
export type PageValues = z.output<typeof fieldsSchema>;

/** The form's fields in screen order: where a problem sends focus first. */
export const PAGE_FIELDS = ["body"] as const;

/** The form's schema, its problems in the interface's words. */
export const pageSchema = withProblems(
  fieldsSchema,
  problemsIn({
    body: { blank: "bmsPages.problems.bodyRequired", long: "bmsPages.problems.bodyTooLong" },
  }),
);

/** The server's refusals in the interface's words (its own are English). */
const SERVER_PROBLEMS: Partial<Record<string, MessageKey>> = {
  body: "bmsPages.problems.bodyTooLong",
};

/** A failed save with its field issues on the form's fields. */
export const pageIssues = (error: unknown) => formIssues(error, SERVER_PROBLEMS);

/** A page's values to edit. */
export const pageFields = (page: Pick<PageRecord, "body">): PageFields => ({ body: page.body });
