import { useEffect, useRef } from "react";
import { HAN, loadRomanizer, romanizerLoaded, suggestSlug } from "../../../../shared/slug.ts";

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
        if (HAN.test(title) && !romanizerLoaded()) {
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
