import type { FieldPath } from "react-hook-form";
import type { z } from "zod";
import "../../../../shared/zod-browser.ts";
import {
  type SaveSettingsInput,
  SETTINGS_LIMITS,
  type SettingsRecord,
  saveSettingsSchema,
} from "../../../../shared/kinds/settings.ts";
import { type FormWords, serverIssues, withWords } from "../../app/problems.ts";

/** The settings form: exactly the server's body (`saveSettingsSchema`), nothing held otherwise. */
export type SettingsFields = z.input<typeof saveSettingsSchema>;
export type SettingsValues = SaveSettingsInput;

/** Each field's words: blank where that is wrong, too long, and otherwise wrong. */
const SETTINGS_WORDS: FormWords = {
  title: {
    blank: "bmsSettings.problems.titleRequired",
    other: "bmsSettings.problems.titleTooLong",
  },
  tagline: { other: "bmsSettings.problems.taglineTooLong" },
  description: { other: "bmsSettings.problems.descriptionTooLong" },
  authorName: { other: "bmsSettings.problems.authorNameTooLong" },
  authorBio: { other: "bmsSettings.problems.authorBioTooLong" },
  authorAvatar: { other: "bmsSettings.problems.avatarNotLibrary" },
  socialLinks: { other: "bmsSettings.problems.tooManyLinks" },
  "socialLinks.*.label": {
    blank: "bmsSettings.problems.linkLabelRequired",
    long: "bmsSettings.problems.linkLabelTooLong",
  },
  "socialLinks.*.url": { other: "bmsSettings.problems.linkUrlInvalid" },
  fediverseHandle: { other: "bmsSettings.problems.fediverseHandle" },
};

/** The form's schema: the server's rules, speaking the form's words. */
export const settingsSchema = withWords(saveSettingsSchema, SETTINGS_WORDS);

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
  "commentsOpen",
  "guestComments",
  "commentBlocklist",
  "commentMail",
  "defaultLocale",
  "feedFullText",
  "followMailFullText",
  "fediverseHandle",
];

/**
 * A refused save with each field issue in the interface's words: the server's own key where it
 * names one (an avatar gone from the library), else the form's words for the field.
 */
export const settingsIssues = (error: unknown, values: SettingsFields) =>
  serverIssues(error, SETTINGS_WORDS, values);

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
  commentsOpen: record.commentsOpen,
  guestComments: record.guestComments,
  commentBlocklist: record.commentBlocklist,
  commentMail: record.commentMail,
  defaultLocale: record.defaultLocale,
  feedFullText: record.feedFullText,
  followMailFullText: record.followMailFullText,
  fediverseHandle: record.fediverseHandle,
});
