import i18next, { type TFunction } from "i18next";
import {
  FALLBACK_LOCALE,
  isMessageKey,
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
  const known = translators.get(locale);
  if (known) return known;
  const t: TFunction = instance.getFixedT(locale);
  const translate = (key: MessageKey, values?: Record<string, string | number>) => {
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
  const wordsFor = (text: string) => (isMessageKey(text) ? translate(text) : text);
  const made: Translate = Object.assign(translate, { wordsFor });
  translators.set(locale, made);
  return made;
}

type Values = Record<string, string | number>;

/** A message's text in both languages (plain text, for a component to print). */
export function bilingual(
  key: MessageKey,
  values?: Values,
  localized?: Record<Locale, Values>,
): Record<Locale, string> {
  const text = (locale: Locale) => getTranslator(locale)(key, localized?.[locale] ?? values);
  return { "zh-CN": text("zh-CN"), "en-US": text("en-US") };
}
