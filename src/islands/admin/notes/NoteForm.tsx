import { zodResolver } from "@hookform/resolvers/zod";
import { type SubmitEvent, useId, useRef, useState } from "react";
import { get, useForm } from "react-hook-form";
import type { MessageKey, Translate } from "../../../i18n/core.ts";
import { api } from "../../../shared/api-client.ts";
import type { NoteRecord } from "../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { $locale } from "../../../stores/locale.ts";
import { FormStatus, useStatusLine } from "../../ui/FormStatus.tsx";
import { bindFields, FormTextField } from "../../ui/form-fields.tsx";
import { DraftLinkControl } from "../app/content/DraftLink.tsx";
import {
  FormCheckField,
  FormLangField,
  FormScheduleField,
  SaveOverButton,
} from "../app/content/fields.tsx";
import { submitterValue } from "../app/content/form.ts";
import { KeptOffer } from "../app/content/KeptOffer.tsx";
import { useKeeping } from "../app/content/keeping.ts";
import { FormMarkdownField } from "../app/content/MarkdownField.tsx";
import { failedCallText, showServerIssues } from "../app/form.tsx";
import { HistoryPanel } from "../app/revisions/HistoryPanel.tsx";
import { formatTime } from "../app/time.ts";
import { NoteImages } from "./NoteImages.tsx";
import { notesKey, useSaveNote } from "./queries.ts";
import { savedMessage } from "./request.ts";
import {
  emptyNote,
  type NoteAction,
  type NoteFields,
  type NoteValues,
  noteFieldOrder,
  noteFields,
  noteIssues,
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
  const { line, report, clear } = useStatusLine();
  const [first] = useState(() => (editing ? noteFields(editing) : emptyNote($locale.get())));
  const form = useForm<NoteFields, unknown, NoteValues>({
    resolver: (values, context, options) =>
      zodResolver(noteSchema(action.current))(values, context, options),
    defaultValues: first,
    // Focus goes to the first problem in screen order (below), pictures before the time.
    shouldFocusError: false,
  });
  const keeping = useKeeping({
    t,
    form,
    record: editing ?? null,
    readOnly: false,
    keptAs: "note",
    first,
    report,
    autosave: {
      schema: noteSchema("save"),
      save: (note, values) =>
        save.mutateAsync({ editing: note, action: "save", values, autosave: true }),
    },
  });
  const bind = bindFields(form.control, t, id);
  const busy = form.formState.isSubmitting;

  const run = form.handleSubmit(
    async (values) => {
      const force = await keeping.beforeSave();
      const chosen = action.current;
      try {
        const record = await save.mutateAsync({
          editing: keeping.latest(),
          action: chosen,
          values,
          force,
        });
        keeping.afterSave(record);
        if (!editing) form.reset(emptyNote(values.lang));
        const time = record.publishedAt ? formatTime(record.publishedAt) : "";
        clear();
        onDone(t(savedMessage(record, chosen), { time }));
      } catch (error) {
        if (keeping.refused(error)) return;
        showServerIssues(
          noteIssues(error, form.getValues()),
          form.setError,
          noteFieldOrder(images()),
        );
        report(false, failedCallText(t, error));
      }
    },
    (errors) => {
      report(false, t("bmsContent.checkFields"));
      const first = noteFieldOrder(images()).find((name) => get(errors, name));
      if (first) form.setFocus(first);
    },
  );
  const images = () => form.getValues("images")?.length ?? 0;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    const pressed = submitterValue(event);
    action.current = actions.find((a) => a === pressed) ?? fallback;
    clear();
    void run(event);
  }

  const Heading = editing ? "h3" : "h2";
  return (
    <form className="bms-compose" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{t(editing ? "bmsNotes.editing" : "bmsNotes.compose")}</Heading>
      <KeptOffer t={t} id={id} keeping={keeping} words="bmsNotes" />
      <FormLangField {...bind("lang")} label={t("bmsNotes.lang")} />
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
      <FormCheckField {...bind("comments")} label={t("commentsCenter.itemSwitch")} />
      {editing && !editing.readOnly && (
        <HistoryPanel
          t={t}
          kind={notesKey[0]}
          routes={api.admin.notes}
          words="bmsNotes"
          item={keeping.latest() ?? editing}
          current={() => form.getValues()}
          // A revision holds the note's own fields by their names: over the note, it is the
          // note as it was then.
          asForm={(fields) => noteFields({ ...editing, ...fields } as NoteRecord)}
          onRestored={(note, savedAt) => keeping.restored(note, noteFields(note), savedAt)}
          onFailed={(message) => report(false, message)}
        />
      )}
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
      <FormStatus note={busy ? t("bmsNotes.saving") : line.note} failure={line.failure} />
      <div className="bms-actions">
        <SaveOverButton
          t={t}
          busy={busy}
          onSaveOver={
            keeping.conflict
              ? () =>
                  keeping.saveOver(() => {
                    action.current = "save";
                    void run();
                  })
              : undefined
          }
        />
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
          <button
            type="button"
            className="button"
            onClick={() => {
              // Given up on purpose: nothing of the edit is offered back.
              void keeping.discard();
              onCancel();
            }}
          >
            {t("bmsNotes.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
