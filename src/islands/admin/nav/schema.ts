import type { FieldPath } from "react-hook-form";
import { z } from "zod";
import "../../../shared/zod-browser.ts";
import type { MessageKey } from "../../../i18n/core.ts";
import {
  createNavGroupSchema,
  createNavLinkSchema,
  type NavGroupRecord,
  type NavLinkRecord,
} from "../../../shared/content.ts";
import { formIssues } from "../app/content/form.ts";
import { withProblems } from "../app/problems.ts";

// The site navigation's two forms: a group's name, and a link's fields. Each is the server's own
// schema (src/shared/kinds/nav.ts), speaking the form's words.

type Both = { "zh-CN": string; "en-US": string };
const blankBoth = (): Both => ({ "zh-CN": "", "en-US": "" });

const link = createNavLinkSchema.shape;

/** The link form: the server's fields, with those that have defaults always present. */
const linkFields = z.strictObject({
  group: link.group,
  title: link.title,
  description: link.description.unwrap(),
  url: link.url,
  icon: link.icon.unwrap(),
  hidden: link.hidden.unwrap(),
});

export type GroupFields = z.input<typeof createNavGroupSchema>;
export type GroupValues = z.output<typeof createNavGroupSchema>;
export type LinkFields = z.input<typeof linkFields>;
export type LinkValues = z.output<typeof linkFields>;

/** The forms' fields in screen order: where a problem sends focus first. */
export const GROUP_FIELDS = [
  "name.zh-CN",
  "name.en-US",
] as const satisfies readonly FieldPath<GroupFields>[];
export const LINK_FIELDS = [
  "title.zh-CN",
  "title.en-US",
  "description.zh-CN",
  "description.en-US",
  "url",
  "icon",
  "group",
  "hidden",
] as const satisfies readonly FieldPath<LinkFields>[];

/** Each field's words when blank (where that is wrong) and otherwise wrong. */
const WORDS: Record<string, { blank?: MessageKey; other: MessageKey }> = {
  name: { blank: "bmsNav.problems.nameRequired", other: "bmsNav.problems.nameTooLong" },
  title: { blank: "bmsNav.problems.titleRequired", other: "bmsNav.problems.titleTooLong" },
  description: { other: "bmsNav.problems.descriptionTooLong" },
  url: { other: "bmsNav.problems.urlInvalid" },
  icon: { other: "bmsNav.problems.iconNotLibrary" },
  group: { other: "bmsNav.problems.noGroup" },
};

/** A problem of either form in its words, on the field the person typed it in. */
export function navProblem(
  issue: { path: PropertyKey[] },
  input: Partial<Record<string, unknown>>,
): { key: MessageKey } | undefined {
  const [field, lang] = issue.path;
  if (typeof field !== "string") return undefined;
  const words = WORDS[field];
  if (!words) return undefined;
  const both = input[field];
  const value =
    typeof lang === "string" && typeof both === "object" && both !== null && lang in both
      ? (both as Record<string, unknown>)[lang] // a text in both languages, checked just above
      : undefined;
  const blank = words.blank && typeof value === "string" && value.trim() === "";
  return { key: blank && words.blank ? words.blank : words.other };
}

export const groupSchema = withProblems(createNavGroupSchema, navProblem);
export const linkSchema = withProblems(linkFields, navProblem);

/** The interface's words for a field the server refused in English only. */
const SERVER_PROBLEMS: Partial<Record<string, MessageKey>> = {
  "name.zh-CN": "bmsNav.problems.nameRequired",
  "name.en-US": "bmsNav.problems.nameRequired",
  "title.zh-CN": "bmsNav.problems.titleRequired",
  "title.en-US": "bmsNav.problems.titleRequired",
  "description.zh-CN": "bmsNav.problems.descriptionTooLong",
  "description.en-US": "bmsNav.problems.descriptionTooLong",
  url: "bmsNav.problems.urlInvalid",
  icon: "bmsNav.problems.iconNotLibrary",
  group: "bmsNav.problems.noGroup",
};

/** A failed save with its field issues on the form's fields, each in the interface's words. */
export const navIssues = (error: unknown) => formIssues(error, SERVER_PROBLEMS);

export const initialGroupFields = (record?: NavGroupRecord): GroupFields => ({
  name: record ? { ...record.name } : blankBoth(),
});

/** A link's first values: empty in `group` to add one, the link's own to edit it. */
export const initialLinkFields = (group: string, record?: NavLinkRecord): LinkFields =>
  record
    ? {
        group: record.group,
        title: { ...record.title },
        description: { ...record.description },
        url: record.url,
        icon: record.icon,
        hidden: record.hidden,
      }
    : { group, title: blankBoth(), description: blankBoth(), url: "", icon: "", hidden: false };
