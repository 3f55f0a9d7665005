import { useEffect, useRef } from "react";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";

/**
 * A slug suggested from a title: Latin letters (accents dropped) and digits joined by single
 * hyphens. Empty when the title has none (a Chinese title): the person writes one.
 */
export function suggestSlug(title: string, max: number = CONTENT_LIMITS.slug): string {
  const words = title
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
  useEffect(() => {
    const { unsubscribe } = form.watch((values, { name, type }) => {
      // Only the person's typing ("change"): not the slug set here, not a reset.
      if (type !== "change") return;
      if (name === "slug") typed.current = (values.slug ?? "") !== "";
      else if (name === "title" && !typed.current) {
        // Once a submit showed the problems, the slug's problem follows the slug.
        form.setValue("slug", suggestSlug(values.title ?? ""), {
          shouldValidate: form.formState.isSubmitted,
        });
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
