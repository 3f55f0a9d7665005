import type { Translate } from "../../../i18n/core.ts";
import type { CategoryRecord, ContentLang } from "../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { FormTextField } from "../../ui/form-fields.tsx";
import type { Choice } from "../app/fields.tsx";
import type { ArticleControl } from "./schema.ts";

// The article form's own text fields, bound to the form, and its categories as choices (its
// category, pin, language, Markdown text and time to schedule for are the content screens').

/** What each field takes: `t`, the control and the form's id (a field's own is `<id>-<name>`). */
interface Bound {
  t: Translate;
  id: string;
  control: ArticleControl;
}

/** The text fields, each with the longest text it takes (a little over the rule, to be told). */
const TEXT_MAX = {
  title: CONTENT_LIMITS.title + 20,
  subtitle: CONTENT_LIMITS.title + 20,
  slug: CONTENT_LIMITS.slug + 20,
  tags: CONTENT_LIMITS.tags * (CONTENT_LIMITS.tag + 2),
  summary: CONTENT_LIMITS.summary + 50,
  cover: CONTENT_LIMITS.url,
  coverAlt: CONTENT_LIMITS.alt + 20,
  translationKey: CONTENT_LIMITS.slug + 20,
};

/**
 * One of the article's text fields (`<id>-<name>`): its label is the message named after it,
 * its hint the one named `<name>Hint` (all have one but the title).
 */
export function ArticleTextField({
  t,
  id,
  control,
  name,
  ...props
}: Bound & { name: keyof typeof TEXT_MAX; multiline?: boolean; counter?: string }) {
  return (
    <FormTextField
      {...props}
      t={t}
      control={control}
      id={`${id}-${name}`}
      name={name}
      label={t(`bmsArticles.${name}`)}
      {...(name === "title" ? {} : { hint: t(`bmsArticles.${name}Hint`) })}
      maxLength={TEXT_MAX[name]}
    />
  );
}

/** The categories as choices, named in the interface language. */
export const categoryChoices = (categories: CategoryRecord[] | undefined, locale: ContentLang) =>
  (categories ?? []).map((c): Choice => ({ value: c.slug, label: c.name[locale] }));

/** A category's name in the interface language, or its slug when it is unknown. */
export const categoryName = (choices: Choice[], slug: string) =>
  choices.find((c) => c.value === slug)?.label ?? slug;
