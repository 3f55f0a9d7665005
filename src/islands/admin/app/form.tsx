import { type ComponentProps, useEffect } from "react";
import {
  type Control,
  type FieldPath,
  type FieldValues,
  type RefCallBack,
  type UseFormSetError,
  useController,
} from "react-hook-form";
import { isMessageKey, type Translate } from "../../../i18n/core.ts";
import { TextField } from "../../ui/TextField.tsx";
import { CallFailure } from "./query.ts";

// The parts every back-office form is written with: react-hook-form holds the values, the
// shared zod schema checks them (`zodResolver`), and these connect the two to the site's fields.

/** A problem's words: schemas carry i18n keys (`validation.*`), the server its own message. */
export function problemText(t: Translate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isMessageKey(message) ? t(message) : message;
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
 * A `TextField` bound to a form's field: its value, its problem, and focus on a failed submit.
 * `Output` is what the form's schema makes of its values (an order typed as text, a number).
 */
export function FormTextField<Values extends FieldValues, Output extends FieldValues = Values>({
  control,
  name,
  t,
  ...props
}: FieldProps & {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  t: Translate;
}) {
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

/**
 * Puts the server's field issues of a failed write on the form's fields (the first one focused),
 * and says whether any landed: a 400 or a 409 names its fields by the request's paths.
 */
export function showServerIssues<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly FieldPath<Values>[],
): boolean {
  if (!(error instanceof CallFailure)) return false;
  let first = true;
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.field);
    if (!field) continue;
    setError(field, { message: issue.key ?? issue.message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}
