import type { FieldPath } from "react-hook-form";
import type { z } from "zod";
import "../../../../shared/zod-browser.ts";
import type { MessageKey } from "../../../../i18n/core.ts";
import type { FieldIssue } from "../../../../shared/envelope.ts";
import {
  type SaveSettingsInput,
  SETTINGS_LIMITS,
  type SettingsRecord,
  saveSettingsSchema,
} from "../../../../shared/kinds/settings.ts";
import { type ProblemWords, problemKey, withProblems } from "../../app/problems.ts";
import { CallFailure } from "../../app/query.ts";

/** The settings form: exactly the server's body (`saveSettingsSchema`), nothing held otherwise. */
export type SettingsFields = z.input<typeof saveSettingsSchema>;
export type SettingsValues = SaveSettingsInput;

/** Each field's words: blank where that is wrong, too long, and otherwise wrong. */
const WORDS: Record<string, ProblemWords> = {
  title: {
    blank: "bmsSettings.problems.titleRequired",
    other: "bmsSettings.problems.titleTooLong",
  },
  tagline: { other: "bmsSettings.problems.taglineTooLong" },
  description: { other: "bmsSettings.problems.descriptionTooLong" },
  authorName: { other: "bmsSettings.problems.authorNameTooLong" },
  authorBio: { other: "bmsSettings.problems.authorBioTooLong" },
  authorAvatar: { other: "bmsSettings.problems.avatarNotLibrary" },
  label: {
    blank: "bmsSettings.problems.linkLabelRequired",
    long: "bmsSettings.problems.linkLabelTooLong",
  },
  url: { other: "bmsSettings.problems.linkUrlInvalid" },
};

/** What a path of the form holds (`socialLinks.1.url`, `title.zh-CN`). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const part of path) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

/** The words of one problem at `path`: a link's own field by its last part, the rest by its first. */
export function settingsProblem(
  issue: { path: readonly PropertyKey[]; code: string },
  input: unknown,
): { key: MessageKey } | undefined {
  const [field] = issue.path;
  if (field === "socialLinks" && issue.path.length === 1) {
    return { key: "bmsSettings.problems.tooManyLinks" };
  }
  const name = field === "socialLinks" ? issue.path.at(-1) : field;
  const words = typeof name === "string" ? WORDS[name] : undefined;
  if (!words) return undefined;
  const key = problemKey(words, issue.code, valueAt(input, issue.path));
  return key ? { key } : undefined;
}

/** The form's schema: the server's rules, speaking the form's words. */
export const settingsSchema = withProblems(saveSettingsSchema, settingsProblem);

/** The form's fields in screen order: where a problem sends focus first. */
export const SETTINGS_FIELDS: readonly FieldPath<SettingsFields>[] = [
  "title.zh-CN",
  "title.en-US",
  "tagline.zh-CN",
  "tagline.en-US",
  "description.zh-CN",
  "description.en-US",
  "authorName.zh-CN",
  "authorName.en-US",
  "authorBio.zh-CN",
  "authorBio.en-US",
  "authorAvatar",
  ...Array.from({ length: SETTINGS_LIMITS.links }, (_, i) => [
    `socialLinks.${i}.label` as const,
    `socialLinks.${i}.url` as const,
  ]).flat(),
  "registrationOpen",
  "feedbackOpen",
  "defaultLocale",
];

/**
 * A refused save with each field issue in the interface's words: the server's own key where it
 * names one (an avatar gone from the library), else the form's words for the field.
 */
export function settingsIssues(error: unknown, values: SettingsFields): unknown {
  if (!(error instanceof CallFailure) || !error.info) return error;
  const issues = error.issues.map((issue): FieldIssue => {
    if (issue.key) return issue;
    const path = issue.field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const words = settingsProblem({ path, code: "custom" }, values);
    return words ? { ...issue, key: words.key } : issue;
  });
  return new CallFailure(error.code, error.message, { ...error.info, issues });
}

/** The form's values of the settings as the server answers them. */
export const settingsFields = (record: SettingsRecord): SettingsFields => ({
  title: { ...record.title },
  tagline: { ...record.tagline },
  description: { ...record.description },
  authorName: { ...record.authorName },
  authorBio: { ...record.authorBio },
  authorAvatar: record.authorAvatar,
  socialLinks: record.socialLinks.map((link) => ({ ...link })),
  registrationOpen: record.registrationOpen,
  feedbackOpen: record.feedbackOpen,
  defaultLocale: record.defaultLocale,
});
