import { useController } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { problemText, useFocusById } from "../app/form.tsx";
import { LangField, ScheduleField } from "../content/fields.tsx";
import { MarkdownField } from "../content/MarkdownField.tsx";
import type { NoteControl } from "./schema.ts";

// The note form's fields that are not plain text fields: its language, its Markdown body and
// the local time to schedule for, the content screens' own fields bound to the form.

interface Bound {
  t: Translate;
  id: string;
  control: NoteControl;
}

export function NoteLangField({ t, id, control }: Bound) {
  const { field } = useController({ control, name: "lang" });
  return (
    <LangField
      t={t}
      id={id}
      label={t("bmsNotes.language")}
      value={field.value}
      onChange={field.onChange}
    />
  );
}

/** The note's Markdown text, with its count and its problem. */
export function NoteBodyField({ t, id, control, rows }: Bound & { rows: number }) {
  const { field, fieldState } = useController({ control, name: "body" });
  useFocusById(field.ref, id);
  return (
    <MarkdownField
      t={t}
      id={id}
      name="body"
      label={t("bmsNotes.body")}
      value={field.value}
      onChange={field.onChange}
      max={CONTENT_LIMITS.body}
      error={problemText(t, fieldState.error?.message)}
      required
      rows={rows}
    />
  );
}

/** The local time a scheduled note goes live (`at`). */
export function NoteScheduleField({ t, id, control }: Bound) {
  const { field, fieldState } = useController({ control, name: "at" });
  useFocusById(field.ref, id);
  return (
    <ScheduleField
      id={id}
      label={t("bmsNotes.scheduleAt")}
      hint={t("bmsNotes.scheduleHint")}
      value={field.value}
      onChange={field.onChange}
      error={problemText(t, fieldState.error?.message)}
    />
  );
}
