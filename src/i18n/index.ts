import i18next, { type TFunction } from "i18next";
import { escapeHtml } from "../lib/html.ts";
import {
  FALLBACK_LOCALE,
  LOCALES,
  type Locale,
  type MessageKey,
  resources,
  type Translate,
} from "./core.ts";

export * from "./core.ts";

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(
    LOCALES.map((locale) => [locale, { translation: resources[locale] }]),
  ),
  lng: FALLBACK_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  initAsync: false,
  interpolation: { escapeValue: false }, // Astro and React escape on output
  returnNull: false,
});

const translators = new Map<Locale, Translate>();
/** Messages by locale, key and values: every page prints the same few hundred, many with the same values. */
const seen = new Map<string, string>();

/**
 * A translator bound to one locale, through the one i18next instance (build time, server).
 * One per locale, and each message (with its values) is made once per build.
 */
export function getTranslator(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) {
    const t: TFunction = instance.getFixedT(locale);
    translate = (key, values) => {
      const id = values
        ? `${locale}\u0000${key}\u0000${JSON.stringify(values)}`
        : `${locale}\u0000${key}`;
      let text = seen.get(id);
      if (text === undefined) {
        text = String(t(key, values ?? {}));
        seen.set(id, text);
      }
      return text;
    };
    translators.set(locale, translate);
  }
  return translate;
}

type Values = Record<string, string | number>;

const bilingualHtmlMade = new Map<string, string>();

/**
 * A message in both languages as HTML: one `<span data-lang lang>` per locale, of which CSS
 * shows the one matching `<html lang>` (what T.astro prints). Text and values are escaped.
 * Made once per build for each key and values, for `set:html`: every page's header, footer and
 * cards print the same few dozen messages, and an Astro component for each cost more than the
 * rest of the page.
 */
export function bilingualHtml(
  key: MessageKey,
  values?: Values,
  localized?: Record<Locale, Values>,
): string {
  const id = `${key}\u0000${values ? JSON.stringify(values) : ""}\u0000${localized ? JSON.stringify(localized) : ""}`;
  let html = bilingualHtmlMade.get(id);
  if (html === undefined) {
    html = bilingualText(bilingual(key, values, localized));
    bilingualHtmlMade.set(id, html);
  }
  return html;
}

/** A message's text in both languages (plain text, for a component to print). */
export function bilingual(
  key: MessageKey,
  values?: Values,
  localized?: Record<Locale, Values>,
): Record<Locale, string> {
  const text = (locale: Locale) => getTranslator(locale)(key, localized?.[locale] ?? values);
  return { "zh-CN": text("zh-CN"), "en-US": text("en-US") };
}

/** Text that differs by language (a category's name) as that pair of spans, escaped. */
export function bilingualText(text: Record<Locale, string>): string {
  return LOCALES.map(
    (locale) => `<span data-lang="${locale}" lang="${locale}">${escapeHtml(text[locale])}</span>`,
  ).join("");
}
