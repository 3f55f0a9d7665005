import type { FieldPath } from "react-hook-form";
import { z } from "zod";
import "../../../../shared/zod-browser.ts";
import type { MessageKey } from "../../../../i18n/core.ts";
import { type MediaRecord, updateMediaSchema } from "../../../../shared/kinds/media.ts";
import { parseTags } from "../content/form.ts";
import { type TagWords, tagProblem, withProblems } from "../problems.ts";

// The forms of the library: an image's words (alt text and caption in both languages, tags) and
// the tags added to every selected image. Both keep the server's rules (`updateMediaSchema`'s
// fields), with tags typed as one line separated by commas.

/** The server's fields of an edit (`PUT /api/admin/media/:id`), each as the form requires it. */
const server = updateMediaSchema.shape;

/** Tags as one line, by the server's tag rules. */
const tagsLine = z.string().transform(parseTags).pipe(server.tags.unwrap());

const fieldsSchema = z.object({
  alt: server.alt.unwrap(),
  caption: server.caption.unwrap(),
  tags: tagsLine,
});

export type MediaFields = z.input<typeof fieldsSchema>;
export type MediaValues = z.output<typeof fieldsSchema>;

type Issue = { path: PropertyKey[]; code: string };

const TAG_WORDS: TagWords = {
  tooMany: "media.problems.tooManyTags",
  tooLong: "media.problems.tagTooLong",
  invalid: "media.problems.tagInvalid",
};

/** A problem of the form in its words, on the field the person typed it in. */
export function mediaProblem(issue: Issue): { path: PropertyKey[]; key: MessageKey } | undefined {
  const [field, part] = issue.path;
  if (field === "alt") return { path: issue.path, key: "media.problems.altTooLong" };
  if (field === "caption") return { path: issue.path, key: "media.problems.captionTooLong" };
  if (field === "tags") return { path: ["tags"], key: tagProblem(TAG_WORDS, part, issue.code) };
  return undefined;
}

/** The edit form's schema: the server's rules, the form's words. */
export const mediaSchema = withProblems(fieldsSchema, mediaProblem);

/** The form's fields in screen order: where a problem sends focus first. */
export const MEDIA_FIELDS = [
  "alt.zh-CN",
  "alt.en-US",
  "caption.zh-CN",
  "caption.en-US",
  "tags",
] as const satisfies readonly FieldPath<MediaFields>[];

/** What the server words only in English, in the form's words (`formIssues`). */
export const MEDIA_ISSUE_WORDS: Partial<Record<string, MessageKey>> = {
  "alt.zh-CN": "media.problems.altTooLong",
  "alt.en-US": "media.problems.altTooLong",
  "caption.zh-CN": "media.problems.captionTooLong",
  "caption.en-US": "media.problems.captionTooLong",
  tags: "media.problems.tagInvalid",
};

/** An image's words to edit. */
export const mediaFieldsOf = (record: Pick<MediaRecord, "alt" | "caption" | "tags">) => ({
  alt: { ...record.alt },
  caption: { ...record.caption },
  tags: record.tags.join(", "),
});

/** The tags added to every selected image: at least one. */
export const addTagsSchema = withProblems(
  z.object({ tags: tagsLine.pipe(z.array(z.string()).min(1)) }),
  ({ path: [field, index], code }) => {
    if (field !== "tags") return undefined;
    const none = index === undefined && code === "too_small";
    return {
      path: ["tags"],
      key: none ? "media.problems.tagsRequired" : tagProblem(TAG_WORDS, index, code),
    };
  },
);
export type AddTagsFields = z.input<typeof addTagsSchema>;
export type AddTagsValues = z.output<typeof addTagsSchema>;

/** An image's tags with `added` after them, each once. */
export const withTags = (tags: readonly string[], added: readonly string[]) => [
  ...new Set([...tags, ...added]),
];
