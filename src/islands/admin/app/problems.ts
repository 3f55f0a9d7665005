import { z } from "zod";
import type { MessageKey } from "../../../i18n/core.ts";

/** Where a schema's issue shows on a form, and in which words (an i18n key). */
export interface Problem {
  /** The form field's path; the issue's own when left out. */
  path?: PropertyKey[] | undefined;
  /** The message key the form shows; the schema's own message when left out. */
  key?: MessageKey | undefined;
}

/**
 * The server's schema, speaking the form's words: each issue `problemOf` names goes to its
 * field with its i18n key (the server's schemas carry English messages for API users). The
 * rules stay the server's own; only where a problem shows and how it reads change.
 */
export function withProblems<S extends z.ZodType>(
  schema: S,
  problemOf: (issue: z.core.$ZodIssue, input: z.input<S>) => Problem | undefined,
) {
  return z.custom<z.input<S>>().transform((input, ctx): z.output<S> => {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const problem = problemOf(issue, input);
      ctx.addIssue({
        code: "custom",
        path: problem?.path ?? issue.path,
        message: problem?.key ?? issue.message,
        input,
      });
    }
    return z.NEVER;
  });
}
