import type { FieldPath } from "react-hook-form";
import { z } from "zod";
import "../../../shared/zod-browser.ts";
import {
  createNavGroupSchema,
  createNavLinkSchema,
  type NavGroupRecord,
  type NavLinkRecord,
} from "../../../shared/content.ts";
import { type FormWords, serverIssues, withWords } from "../app/problems.ts";

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

/** Both forms' words for each field's problems: when blank where that is wrong, and otherwise. */
const NAV_WORDS: FormWords = {
  name: { blank: "bmsNav.problems.nameRequired", other: "bmsNav.problems.nameTooLong" },
  title: { blank: "bmsNav.problems.titleRequired", other: "bmsNav.problems.titleTooLong" },
  description: { other: "bmsNav.problems.descriptionTooLong" },
  url: { other: "bmsNav.problems.urlInvalid" },
  icon: { other: "bmsNav.problems.iconNotLibrary" },
  group: { other: "bmsNav.problems.noGroup" },
};

export const groupSchema = withWords(createNavGroupSchema, NAV_WORDS);
export const linkSchema = withWords(linkFields, NAV_WORDS);

/** A failed save with its field issues on the form's fields, each in the interface's words. */
export const navIssues = (error: unknown, values?: unknown) =>
  serverIssues(error, NAV_WORDS, values);

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
