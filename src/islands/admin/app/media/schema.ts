import type { FieldPath } from "react-hook-form";
import { z } from "zod";
import "../../../../shared/zod-browser.ts";
import { type MediaRecord, updateMediaSchema } from "../../../../shared/kinds/media.ts";
import { parseTags } from "../content/form.ts";
import { type FormWords, withWords } from "../problems.ts";

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

/** Tags typed on one line: a problem of one tag shows on it. */
const TAG_WORDS: FormWords = {
  tags: { other: "media.problems.tooManyTags" },
  "tags.*": { long: "media.problems.tagTooLong", other: "media.problems.tagInvalid", on: "tags" },
};

/** The edit form's words for each field's problems (the server's refusals too). */
export const MEDIA_WORDS: FormWords = {
  alt: { other: "media.problems.altTooLong" },
  caption: { other: "media.problems.captionTooLong" },
  ...TAG_WORDS,
};

/** The edit form's schema: the server's rules, the form's words. */
export const mediaSchema = withWords(fieldsSchema, MEDIA_WORDS);

/** The form's fields in screen order: where a problem sends focus first. */
export const MEDIA_FIELDS = [
  "alt.zh-CN",
  "alt.en-US",
  "caption.zh-CN",
  "caption.en-US",
  "tags",
] as const satisfies readonly FieldPath<MediaFields>[];

/** An image's words to edit. */
export const mediaFieldsOf = (record: Pick<MediaRecord, "alt" | "caption" | "tags">) => ({
  alt: { ...record.alt },
  caption: { ...record.caption },
  tags: record.tags.join(", "),
});

/** The tags added to every selected image: at least one. */
export const addTagsSchema = withWords(
  z.object({ tags: tagsLine.pipe(z.array(z.string()).min(1)) }),
  {
    ...TAG_WORDS,
    tags: {
      ...TAG_WORDS.tags,
      blank: "media.problems.tagsRequired",
      short: "media.problems.tagsRequired",
    },
  },
);
export type AddTagsFields = z.input<typeof addTagsSchema>;
export type AddTagsValues = z.output<typeof addTagsSchema>;

/** An image's tags with `added` after them, each once. */
export const withTags = (tags: readonly string[], added: readonly string[]) => [
  ...new Set([...tags, ...added]),
];
