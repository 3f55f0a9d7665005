import {
  type FieldPath,
  type FieldValues,
  type UseFormSetError,
  useController,
} from "react-hook-form";
import { isMessageKey, type Translate } from "../../../i18n/core.ts";
import { type Bound, problemText } from "../../ui/form-fields.tsx";
import { type Choice, SelectField } from "./fields.tsx";
import { CallFailure } from "./query.ts";

// The parts every back-office form is written with: react-hook-form holds the values, the
// shared zod schema checks them (`zodResolver`), and these connect the two to the site's fields.

/**
 * A failed call in a sentence of ours around the server's words (a 409's or 400's text, or the
 * network's): `bmsContent.failure` unless the screen words it otherwise.
 */
export function failedCallText(
  t: Translate,
  error: unknown,
  key: "bmsContent.failure" | "users.failed" = "bmsContent.failure",
): string {
  // No answer at all (offline, the server down): said in the interface's words, not the browser's.
  if (error instanceof CallFailure && error.code === 0) return t("bmsContent.unreachable");
  return t(key, { message: error instanceof Error ? error.message : "" });
}

/**
 * Why a call failed, in the interface's language: the server's reason where it names one by key
 * (a refused upload's `media.problems.type`, an image or a category still in use), else the
 * server's words in `bmsContent.failure`. Every screen says a refused write with it.
 */
export function failureText(t: Translate, error: unknown): string {
  const issue = error instanceof CallFailure ? error.issues.find((i) => i.key) : undefined;
  if (issue?.key && isMessageKey(issue.key)) return t(issue.key, issue.values);
  return failedCallText(t, error);
}

/**
 * A `SelectField` bound to a form's field: its value, its problem, and focus on a failed submit.
 * `toValue` makes the form's value of the choice's text (the empty choice a null).
 */
export function FormSelectField<Values extends FieldValues, Output extends FieldValues = Values>({
  control,
  name,
  t,
  id,
  toValue,
  ...props
}: Bound<Values, Output> & {
  label: string;
  choices: readonly Choice[];
  none?: string | undefined;
  disabled?: boolean | undefined;
  toValue?: (text: string) => unknown;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <SelectField
      {...props}
      id={id}
      name={field.name}
      value={typeof field.value === "string" ? field.value : ""}
      onChange={(e) => field.onChange(toValue ? toValue(e.target.value) : e.target.value)}
      onBlur={field.onBlur}
      ref={field.ref}
      error={problemText(t, fieldState.error?.message)}
    />
  );
}

/**
 * A failed write's field issues with their words filled in: an issue whose key names values
 * (a taken slug's `{{by}}`) gets its message in the interface's language here, where `t` is.
 */
export function withIssueWords(t: Translate, error: unknown): unknown {
  if (!(error instanceof CallFailure) || !error.info) return error;
  const issues = error.issues.map((issue) =>
    issue.key && issue.values && isMessageKey(issue.key)
      ? { field: issue.field, message: t(issue.key, issue.values) }
      : issue,
  );
  return new CallFailure(error.code, error.message, { ...error.info, issues });
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
