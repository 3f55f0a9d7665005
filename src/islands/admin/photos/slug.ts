import { useMemo } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useSlugFollowsTitle } from "../app/content/slug.ts";
import type { PhotoFields, PhotoValues } from "./schema.ts";

// A photo's slug follows its English title, as an article's follows its title: the content
// screens' one rule (`useSlugFollowsTitle`), shown the photo form with its English title as the
// title it follows.

type TitledForm = Parameters<typeof useSlugFollowsTitle>[0];
type Observer = Parameters<TitledForm["watch"]>[0];
type Change = Parameters<Observer>[1];

/**
 * What the rule sees of a change to the photo form: the English title as the title (a change
 * of it as a change of the title), the slug as it is; the Chinese title is no title it follows.
 */
export function englishTitleView(
  values: { title?: { "en-US"?: string | undefined } | undefined; slug?: string | undefined },
  change: Change,
): Parameters<Observer> {
  const name = change.name === "title.en-US" ? "title" : change.name === "title" ? "" : change.name;
  return [
    { title: values.title?.["en-US"], slug: values.slug },
    { ...change, name },
  ];
}

/** The slug follows the English title of a new photo until the person types one. */
export function useSlugFollowsEnglishTitle(
  form: UseFormReturn<PhotoFields, unknown, PhotoValues>,
  follows: boolean,
) {
  const titled = useMemo(
    (): TitledForm => ({
      watch: (observer) =>
        form.watch((values, change) => observer(...englishTitleView(values, change))),
      setValue: (name, value, options) => form.setValue(name, value, options),
      // Read when the title changes: the form's state then.
      get formState() {
        return form.formState;
      },
    }),
    [form],
  );
  return useSlugFollowsTitle(titled, follows);
}
