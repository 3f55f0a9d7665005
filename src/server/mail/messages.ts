import { type Locale, translator } from "../../i18n/core.ts";

export type MailKind = "code" | "exists" | "reset" | "change" | "changeTaken" | "changed";

/** What a mail names: the site (its title in the settings; the default name when not given). */
export interface MailValues {
  /** The code a mail carries. */
  code?: string;
  /** The new address a "changed" notice names. */
  email?: string;
  /** The site's name in the recipient's language (`siteNameIn`). */
  site?: string;
}

/** The mail of each kind in the recipient's language. */
export function composeMail(
  kind: MailKind,
  locale: Locale,
  { code = "", email = "", site }: MailValues = {},
): { subject: string; text: string } {
  const t = translator(locale);
  const values = { site: site || t("site.name"), code, email };
  switch (kind) {
    case "code":
      return { subject: t("mail.codeSubject", values), text: t("mail.codeBody", values) };
    case "exists":
      return { subject: t("mail.existsSubject", values), text: t("mail.existsBody", values) };
    case "reset":
      return { subject: t("mail.resetSubject", values), text: t("mail.resetBody", values) };
    case "change":
      return { subject: t("mail.changeSubject", values), text: t("mail.changeBody", values) };
    case "changeTaken":
      return {
        subject: t("mail.changeTakenSubject", values),
        text: t("mail.changeTakenBody", values),
      };
    case "changed":
      return { subject: t("mail.changedSubject", values), text: t("mail.changedBody", values) };
  }
}

/**
 * The owner's reply to a piece of feedback, framed in the writer's language: the subject names
 * what they wrote about, and the text is the owner's words then a line on where it came from.
 */
export function composeFeedbackReply(
  locale: Locale,
  subject: string,
  body: string,
  site?: string,
): { subject: string; text: string } {
  const t = translator(locale);
  const values = { site: site || t("site.name"), subject, body };
  return {
    subject: t("mail.feedbackReplySubject", values),
    text: t("mail.feedbackReplyBody", values),
  };
}
