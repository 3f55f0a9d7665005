import { type ComponentProps, useEffect } from "react";
import {
  type Control,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type RefCallBack,
  type Resolver,
  useController,
} from "react-hook-form";
import type { ReaderKey, Words } from "../../i18n/reader.ts";
import { TextField } from "./TextField.tsx";

// The parts every form on the site is written with: react-hook-form holds the values and these
// connect it to the site's fields. The back office checks with its zod schemas (`zodResolver`);
// visitor islands, which never load zod, check with the shared rules' functions (`checksResolver`).

/** A problem's words: schemas carry i18n keys (`validation.*`), the server its own message. */
export function problemText(t: Words, message: string | undefined): string | undefined {
  return message ? t.wordsFor(message) : undefined;
}

/** Each field's problem as a message key; null or missing when it has none. */
export type Problems<F extends string> = Partial<Record<F, ReaderKey | null>>;

/**
 * A resolver from plain check functions (`checkEmail`, `checkPassword`…): `check` gives each
 * field's problem as a message key (or words already made), shown by the bound field.
 */
export function checksResolver<Values extends FieldValues>(
  check: (values: Values) => Partial<Record<Extract<keyof Values, string>, string | null>>,
): Resolver<Values> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, problem] of Object.entries(check(values))) {
      if (typeof problem === "string" && problem)
        errors[name] = { type: "check", message: problem };
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    // Keyed by the form's own field names, which is what FieldErrors holds.
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/**
 * What every field bound to a form takes: the form's control, its field's name, `t` (the
 * visitor side's translator or the back office's, `T`), an id.
 */
export interface Bound<
  Values extends FieldValues,
  Output extends FieldValues = Values,
  T extends Words = Words,
> {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  t: T;
  id: string;
}

/**
 * Binds a form's fields once: `bind(name)` is a field's `Bound` props, its id the form's `id`,
 * `-field-` and the field's name (`<FormTextField {...bind("email")} label={…} />`).
 */
export function bindFields<Values extends FieldValues, Output extends FieldValues, T extends Words>(
  control: Control<Values, unknown, Output>,
  t: T,
  id: string,
) {
  return (name: FieldPath<Values>): Bound<Values, Output, T> => ({
    control,
    name,
    t,
    // `-field-` keeps a field's id apart from the form's own (its heading is `<id>-title`).
    id: `${id}-field-${name}`,
  });
}

type FieldProps = Omit<
  ComponentProps<typeof TextField>,
  "value" | "onChange" | "error" | "inputRef" | "onBlur" | "name"
>;

/**
 * Gives react-hook-form a field it can focus (the first with a problem) when the field's own
 * component takes no ref: the element with `id` is focused instead.
 */
export function useFocusById(ref: RefCallBack, id: string) {
  useEffect(() => ref({ focus: () => document.getElementById(id)?.focus() }), [ref, id]);
}

/**
 * A field bound to its form whose own component takes no ref (a Markdown text, an order, a
 * time): its id, its value as text, its setter and its problem in words; focus on a failed
 * submit goes to the element with its id.
 */
export function useBoundField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  t,
  id,
}: Bound<Values, Output, Words>) {
  const { field, fieldState } = useController({ control, name });
  useFocusById(field.ref, id);
  return {
    id,
    value: typeof field.value === "string" ? field.value : "",
    onChange: field.onChange,
    error: problemText(t, fieldState.error?.message),
  };
}

/**
 * A `TextField` bound to a form's field: its value, its problem, and focus on a failed submit.
 * `Output` is what the form's schema makes of its values (an order typed as text, a number).
 */
export function FormTextField<Values extends FieldValues, Output extends FieldValues = Values>({
  control,
  name,
  t,
  ...props
}: FieldProps & Omit<Bound<Values, Output>, "id">) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={typeof field.value === "string" ? field.value : ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={problemText(t, fieldState.error?.message)}
    />
  );
}
