import { zodResolver } from "@hookform/resolvers/zod";
import { type SubmitEvent, useId, useRef, useState } from "react";
import { get, useForm } from "react-hook-form";
import type { MessageKey, Translate } from "../../../i18n/core.ts";
import type { NoteRecord } from "../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { $locale } from "../../../stores/locale.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { bindFields, FormTextField, failedCallText, showServerIssues } from "../app/form.tsx";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { DraftLinkControl } from "../content/DraftLink.tsx";
import { FormLangField, FormScheduleField } from "../content/fields.tsx";
import { formIssues, submitterValue } from "../content/form.ts";
import { FormMarkdownField } from "../content/MarkdownField.tsx";
import { formatTime } from "../content/time.ts";
import { NoteImages } from "./NoteImages.tsx";
import { useSaveNote } from "./queries.ts";
import { savedMessage } from "./request.ts";
import {
  emptyNote,
  type NoteAction,
  type NoteFields,
  type NoteValues,
  noteFieldOrder,
  noteFields,
  noteSchema,
} from "./schema.ts";

const LABELS: Record<NoteAction, MessageKey> = {
  draft: "bmsNotes.saveDraft",
  publish: "bmsNotes.publishNow",
  schedule: "bmsNotes.schedule",
  save: "bmsNotes.saveChanges",
};

/** The buttons of a new note, of an edited one, and of an edited published one. */
function actionsOf(editing: NoteRecord | undefined): NoteAction[] {
  if (!editing) return ["draft", "publish", "schedule"];
  return editing.status === "published" ? ["save"] : ["save", "publish", "schedule"];
}

interface Props {
  t: Translate;
  /** The note edited in place; none to write a new one. */
  editing?: NoteRecord;
  /** Saved: what the list's status line says. */
  onDone: (message: string) => void;
  onCancel?: () => void;
}

/** Writes a new note, or edits one in place; the button pressed says how it is saved. */
export function NoteForm({ t, editing, onDone, onCancel }: Props) {
  const id = useId();
  const save = useSaveNote();
  const actions = actionsOf(editing);
  const fallback: NoteAction = editing ? "save" : "draft";
  // The button pressed decides the rules (only Schedule asks for a time): read at each check.
  const action = useRef<NoteAction>(fallback);
  const [failure, setFailure] = useState("");
  const form = useForm<NoteFields, unknown, NoteValues>({
    resolver: (values, context, options) =>
      zodResolver(noteSchema(action.current))(values, context, options),
    defaultValues: editing ? noteFields(editing) : emptyNote($locale.get()),
    // Focus goes to the first problem in screen order (below), pictures before the time.
    shouldFocusError: false,
  });
  useLeaveGuard(form.formState.isDirty);
  const bind = bindFields(form.control, t, id);
  const busy = form.formState.isSubmitting;

  const run = form.handleSubmit(
    async (values) => {
      const chosen = action.current;
      try {
        const record = await save.mutateAsync({ id: editing?.id, action: chosen, values });
        if (!editing) form.reset(emptyNote(values.lang));
        const time = record.publishedAt ? formatTime(record.publishedAt) : "";
        onDone(t(savedMessage(record, chosen), { time }));
      } catch (error) {
        showServerIssues(formIssues(error), form.setError, noteFieldOrder(images()));
        setFailure(failedCallText(t, error));
      }
    },
    (errors) => {
      setFailure(t("bmsContent.checkFields"));
      const first = noteFieldOrder(images()).find((name) => get(errors, name));
      if (first) form.setFocus(first);
    },
  );
  const images = () => form.getValues("images")?.length ?? 0;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    const pressed = submitterValue(event);
    action.current = actions.find((a) => a === pressed) ?? fallback;
    setFailure("");
    void run(event);
  }

  const Heading = editing ? "h3" : "h2";
  return (
    <form className="bms-compose" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{t(editing ? "bmsNotes.editing" : "bmsNotes.compose")}</Heading>
      <FormLangField {...bind("lang")} label={t("bmsNotes.language")} />
      <FormMarkdownField
        {...bind("body")}
        label={t("bmsNotes.body")}
        rows={editing ? 6 : 5}
        required
      />
      <FormTextField
        {...bind("tags")}
        label={t("bmsNotes.tags")}
        hint={t("bmsNotes.tagsHint")}
        maxLength={CONTENT_LIMITS.tags * (CONTENT_LIMITS.tag + 2)}
      />
      <NoteImages t={t} id={id} control={form.control} />
      {editing && !editing.readOnly && editing.status !== "published" && (
        <DraftLinkControl t={t} kind="note" id={editing.id} />
      )}
      {actions.includes("schedule") && (
        <FormScheduleField
          {...bind("at")}
          label={t("bmsNotes.scheduleAt")}
          hint={t("bmsNotes.scheduleHint")}
        />
      )}
      <FormStatus note={busy ? t("bmsNotes.saving") : ""} failure={failure} />
      <div className="bms-actions">
        {actions.map((a) => (
          <button
            key={a}
            type="submit"
            name="action"
            value={a}
            className={a === "publish" || a === "save" ? "button button-primary" : "button"}
            disabled={busy}
          >
            {t(LABELS[a])}
          </button>
        ))}
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t("bmsNotes.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
