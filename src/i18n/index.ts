import i18next, { type TFunction } from "i18next";
import { FALLBACK_LOCALE, LOCALES, type Locale, resources, type Translate } from "./core.ts";

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
/** Messages without values, by locale and key: every page prints the same few hundred. */
const plain = new Map<string, string>();

/**
 * A translator bound to one locale, through the one i18next instance (build time, server).
 * One per locale, and a message without values is looked up once per build.
 */
export function getTranslator(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) {
    const t: TFunction = instance.getFixedT(locale);
    translate = (key, values) => {
      if (values) return String(t(key, values));
      const id = `${locale}\u0000${key}`;
      let text = plain.get(id);
      if (text === undefined) {
        text = String(t(key, {}));
        plain.set(id, text);
      }
      return text;
    };
    translators.set(locale, translate);
  }
  return translate;
}
