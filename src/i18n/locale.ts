// Locales and the rule that picks one: no messages here, so a script that only needs to know
// the language (the switch, the locale store) does not carry both languages' resources.

export const LOCALES = ["zh-CN", "en-US"] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = "en-US";

export function isLocale(value: unknown): value is Locale {
  return value === "zh-CN" || value === "en-US";
}

/**
 * SPEC.md section 9: the stored locale, else the browser's language (zh-CN when it starts with
 * zh, en-US when it starts with en), else the site's default (its settings' `defaultLocale`,
 * en-US unless the owner chose otherwise). The head script (src/lib/head-script.ts) applies the
 * same rule before first paint.
 */
export function resolveLocale(
  stored: string | null | undefined,
  browserLanguage: string | undefined,
  siteDefault: Locale = FALLBACK_LOCALE,
): Locale {
  if (isLocale(stored)) return stored;
  const browser = browserLanguage?.toLowerCase() ?? "";
  if (browser.startsWith("zh")) return "zh-CN";
  if (browser.startsWith("en")) return "en-US";
  return siteDefault;
}
