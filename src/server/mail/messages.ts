import { type Locale, translator } from "../../i18n/core.ts";

export type MailKind = "code" | "exists" | "reset";

/** The mail of each kind in the recipient's language. */
export function composeMail(
  kind: MailKind,
  locale: Locale,
  code = "",
): { subject: string; text: string } {
  const t = translator(locale);
  const values = { site: t("site.name"), code };
  switch (kind) {
    case "code":
      return { subject: t("mail.codeSubject", values), text: t("mail.codeBody", values) };
    case "exists":
      return { subject: t("mail.existsSubject", values), text: t("mail.existsBody", values) };
    case "reset":
      return { subject: t("mail.resetSubject", values), text: t("mail.resetBody", values) };
  }
}
