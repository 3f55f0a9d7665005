// A set of messages in both languages and the translator over it, with no messages of its own:
// core.ts makes one of every message (the build, the server, the back office) and reader.ts one
// of the visitor side's, so that a visitor's island does not carry the back office's words.

import { FALLBACK_LOCALE, type Locale } from "./locale.ts";

/** A plural message's key without its form (`total_one`, `total_other`: `total`). */
type PluralBase<K extends string> = K extends `${infer B}_${"one" | "other"}` ? B : K;

/**
 * Dotted paths to every string of a message tree: a translator accepts only real keys. A plural
 * message (i18next's `key_one`, `key_other`) is named by its base key and chosen by `count`.
 */
export type Paths<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${PluralBase<K>}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** What puts a text that may be a message key into words: every translator. */
export interface Words {
  /** The message `text` names, or `text` itself (a server's own words, say). */
  wordsFor(text: string): string;
}

/** A translator bound to one locale, over the messages whose keys are `K`. */
export interface TranslateOf<K extends string> extends Words {
  (key: K, values?: Record<string, string | number>): string;
}

function lookup(messages: unknown, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    // A message tree is plain objects of strings: any key may be read, and is checked below.
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** The rules that choose a number's plural form in `locale`, made once. */
function rulesOf(locale: Locale): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

/** What a catalogue offers: its translators, its key test and a plural message's forms. */
export interface Catalogue<K extends string> {
  /** A translator bound to one locale, falling back to en-US, then to the key itself. */
  translator(locale: Locale): TranslateOf<K>;
  /** Whether `key` names a string of the catalogue (in the fallback locale). */
  isMessageKey(key: string): key is K;
  /**
   * A plural message's two forms in `locale`, `{{count}}` left in place: for a script that
   * learns the number in the browser (a card's comment count) and picks the form there.
   */
  pluralForms(locale: Locale, key: K): { one: string; other: string };
}

/** The catalogue of `resources`: each locale's message tree, the same keys in each. */
export function catalogue<M extends object>(resources: Record<Locale, M>): Catalogue<Paths<M>> {
  type K = Paths<M>;
  /**
   * The message of `key` in `locale`, as i18next finds it: with a number `count`, the plural
   * form the language's rules choose (`key_one`, `key_other`), then `key_other`, then `key`.
   */
  function find(locale: Locale, key: string, count: unknown): string | undefined {
    const messages = resources[locale];
    if (typeof count !== "number") return lookup(messages, key);
    return (
      lookup(messages, `${key}_${rulesOf(locale).select(count)}`) ??
      lookup(messages, `${key}_other`) ??
      lookup(messages, key)
    );
  }

  function isMessageKey(key: string): key is K {
    const messages = resources[FALLBACK_LOCALE];
    return (lookup(messages, key) ?? lookup(messages, `${key}_other`)) !== undefined;
  }

  const translators = new Map<Locale, TranslateOf<K>>();
  function translator(locale: Locale): TranslateOf<K> {
    const known = translators.get(locale);
    if (known) return known;
    const translate = (key: K, values?: Record<string, string | number>) => {
      const count = values?.count;
      const text = find(locale, key, count) ?? find(FALLBACK_LOCALE, key, count) ?? key;
      return values
        ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
            String(values[name] ?? whole),
          )
        : text;
    };
    const wordsFor = (text: string) => (isMessageKey(text) ? translate(text) : text);
    const made: TranslateOf<K> = Object.assign(translate, { wordsFor });
    translators.set(locale, made);
    return made;
  }

  function pluralForms(locale: Locale, key: K): { one: string; other: string } {
    const other = find(locale, key, 2) ?? key;
    return { one: lookup(resources[locale], `${key}_one`) ?? other, other };
  }

  return { translator, isMessageKey, pluralForms };
}
