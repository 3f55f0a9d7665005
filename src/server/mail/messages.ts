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

/**
 * A mail as composed: its subject and text, and the site's name it was written under, which the
 * SMTP port shows as the From line's name (src/server/mail/mailer.ts).
 */
export interface ComposedMail {
  subject: string;
  text: string;
  siteName: string;
}

/** The mail of each kind in the recipient's language. */
export function composeMail(
  kind: MailKind,
  locale: Locale,
  { code = "", email = "", site }: MailValues = {},
): ComposedMail {
  const t = translator(locale);
  const values = { site: site || t("site.name"), code, email };
  const mail = (subject: string, text: string): ComposedMail => ({
    subject,
    text,
    siteName: values.site,
  });
  switch (kind) {
    case "code":
      return mail(t("mail.codeSubject", values), t("mail.codeBody", values));
    case "exists":
      return mail(t("mail.existsSubject", values), t("mail.existsBody", values));
    case "reset":
      return mail(t("mail.resetSubject", values), t("mail.resetBody", values));
    case "change":
      return mail(t("mail.changeSubject", values), t("mail.changeBody", values));
    case "changeTaken":
      return mail(t("mail.changeTakenSubject", values), t("mail.changeTakenBody", values));
    case "changed":
      return mail(t("mail.changedSubject", values), t("mail.changedBody", values));
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
): ComposedMail {
  const t = translator(locale);
  const values = { site: site || t("site.name"), subject, body };
  return {
    subject: t("mail.feedbackReplySubject", values),
    text: t("mail.feedbackReplyBody", values),
    siteName: values.site,
  };
}

/** What each comment mail names besides the site. */
type CommentMailValues = {
  /** The owner's mail when a comment waits: who wrote, where, what, and the screen. */
  commentWaiting: { item: string; author: string; text: string; link: string };
  /** A commenter's mail when someone answers: who, what, the reply, and the stop link. */
  commentReply: { author: string; text: string; link: string; unsubscribe: string };
  /** The owner's daily digest: how many wait, a line each, and the screen. */
  commentDigest: { count: number; list: string; link: string };
};

/**
 * A comment mail (`mail.<kind>Subject` and `mail.<kind>Body`) in the recipient's language,
 * under the site's name (the default name when not given).
 */
export function composeCommentMail<K extends keyof CommentMailValues>(
  kind: K,
  locale: Locale,
  values: CommentMailValues[K] & { site?: string | undefined },
): ComposedMail {
  const t = translator(locale);
  const all = { ...values, site: values.site || t("site.name") };
  return {
    subject: t(`mail.${kind}Subject`, all),
    text: t(`mail.${kind}Body`, all),
    siteName: all.site,
  };
}
