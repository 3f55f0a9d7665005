import { useEffect, useRef } from "react";
import { CONTENT_LIMITS } from "../../../../shared/content-rules.ts";

/** A text as words of Latin letters: Chinese characters in pinyin, the rest as it is. */
export type Romanize = (text: string) => string[];

const HAN = /\p{Script=Han}/u;

let romanizer: Promise<Romanize> | null = null;
/** The romanizer loaded (once): pinyin-pro's pinyin without tones, `ü` as `v`. */
let loaded: Romanize | null = null;

/**
 * pinyin-pro, loaded with the first Chinese title typed (its dictionary is large, and most
 * screens never need it).
 */
export function loadRomanizer(): Promise<Romanize> {
  romanizer ??= import("pinyin-pro").then(({ pinyin }) => {
    loaded = (text) =>
      pinyin(text, { toneType: "none", type: "array", nonZh: "consecutive", v: true });
    return loaded;
  });
  return romanizer;
}

/**
 * A slug suggested from a title: Latin letters (accents dropped) and digits joined by single
 * hyphens, Chinese characters in pinyin when `romanize` is given ("静态优先" is
 * "jing-tai-you-xian"); without it, a Chinese title gives none.
 */
export function suggestSlug(
  title: string,
  max: number = CONTENT_LIMITS.slug,
  romanize: Romanize | null = loaded,
): string {
  const text = romanize && HAN.test(title) ? romanize(title).join(" ") : title;
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) break;
    slug = next;
  }
  return slug;
}

/** What `useSlugFollowsTitle` uses of a form with a title and a slug. */
interface TitledForm {
  watch: (
    observer: (
      values: { title?: string | undefined; slug?: string | undefined },
      change: { name?: string | undefined; type?: string | undefined },
    ) => void,
  ) => { unsubscribe: () => void };
  setValue: (name: "slug", value: string, options: { shouldValidate: boolean }) => void;
  formState: { isSubmitted: boolean };
}

/**
 * The slug follows the title as the person types it (`suggestSlug`), until they type a slug
 * themselves; clearing the slug hands it back to the title. `follows` false (an edit) leaves the
 * slug alone until then. `restart` after a reset.
 */
export function useSlugFollowsTitle(form: TitledForm, follows: boolean) {
  const typed = useRef(!follows);
  const latest = useRef("");
  useEffect(() => {
    const { unsubscribe } = form.watch((values, { name, type }) => {
      // Only the person's typing ("change"): not the slug set here, not a reset.
      if (type !== "change") return;
      if (name === "slug") typed.current = (values.slug ?? "") !== "";
      else if (name === "title" && !typed.current) {
        const title = values.title ?? "";
        // Once a submit showed the problems, the slug's problem follows the slug.
        const suggest = () =>
          form.setValue("slug", suggestSlug(title), { shouldValidate: form.formState.isSubmitted });
        suggest();
        // A Chinese title before pinyin is loaded: suggested again once it is, unless the
        // title changed or a slug was typed meanwhile (the later change suggests its own).
        if (HAN.test(title) && !loaded) {
          latest.current = title;
          void loadRomanizer().then(() => {
            if (!typed.current && latest.current === title) suggest();
          });
        }
      }
    });
    return unsubscribe;
  }, [form]);
  return {
    restart: () => {
      typed.current = !follows;
    },
  };
}
