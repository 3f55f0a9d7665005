import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, type SubmitEvent, useEffect, useId, useRef } from "react";
import { type DefaultValues, type FieldPath, get, useForm } from "react-hook-form";
import type { z } from "zod";
import type { MessageKey, Translate } from "../../../../i18n/core.ts";
import type { ContentStatus } from "../../../../shared/content.ts";
import { failedCallText, showServerIssues, withIssueWords } from "../form.tsx";
import { formatTime } from "../time.ts";
import type { EditorAction, EditorSave, EditorWords } from "./editor-save.ts";
import { SaveOverButton } from "./fields.tsx";
import { submitterValue } from "./form.ts";
import { KeptOffer } from "./KeptOffer.tsx";
import { useKeeping } from "./keeping.ts";
import { StatusBadge } from "./StatusBadge.tsx";
import "./content.css";
import "./articles.css";

// The content editors' form (articles, photos; their screen is EditorScreen.tsx): its frame
// (heading, status, read-only note, the time to schedule for and the buttons its status allows)
// and the save each button asks for, with the line that says what happened and where focus
// goes. Each kind gives its fields and words.

/** An item an editor opens: what the frame reads of it. */
export interface EditedItem {
  id: string;
  status: ContentStatus;
  publishedAt: string | null;
  readOnly: boolean;
  file: string | null;
  updatedAt: string | null;
}

/** What a kind's form takes from the screen. */
export interface EditorFormProps<Item> {
  t: Translate;
  /** The item edited (read-only for a file's); none to write a new one. */
  record: Item | null;
  /** Puts an outcome in the screen's status line. */
  report: (ok: boolean, message: string) => void;
  /** A new item was created (`message` says how): the screen opens it by its id. */
  onCreated?: (record: Item, message: string) => void;
  /** Focus the form's heading when it opens (after a create). */
  focusHeading?: boolean;
}

/**
 * After an action, focus goes to Save when the button pressed went away (Publish now once
 * published) or was left disabled: once the status the action gave shows and the form is idle.
 */
function useFocusAfterAction(status: ContentStatus, busy: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const save = useRef<HTMLButtonElement>(null);
  const awaited = useRef<ContentStatus | null>(null);
  useEffect(() => {
    if (busy || awaited.current !== status) return;
    awaited.current = null;
    if (!form.current?.contains(document.activeElement)) save.current?.focus();
  }, [status, busy]);
  return { form, save, after: (next: ContentStatus) => (awaited.current = next) };
}

/** A button of the form: what it asks for, and its label. */
type Button = [EditorAction, MessageKey];

/**
 * The buttons of a new item, or of an edited one as its status allows: Publish now unless
 * published, Unpublish (a draft again) unless a draft. The first one saves.
 */
function buttonsOf(record: { status: ContentStatus } | null): Button[] {
  const schedule: Button = ["schedule", "bmsArticles.schedule"];
  const publish: Button = ["publish", "bmsArticles.publishNow"];
  if (!record) return [["draft", "bmsArticles.saveDraft"], publish, schedule];
  const { status } = record;
  return [
    ["save", "bmsArticles.save"],
    ...(status === "published" ? [] : [publish]),
    schedule,
    ...(status === "draft" ? [] : [["draft", "bmsArticles.unpublish"] satisfies Button]),
  ];
}

/** What a kind's form gives `useEditorForm`: its props, its schema, values and save. */
interface EditorFormOptions<Item, Fields extends { at: string }, Values extends { at: string }>
  extends EditorFormProps<Item> {
  /** The form's schema for the button pressed (only Schedule asks for a time). */
  schema: (action: EditorAction) => z.ZodType<Values, Fields>;
  /** A new item's first values. */
  empty: () => Fields;
  /** An item's values to edit, with `at` the time to schedule for unless it has its own. */
  fieldsOf: (record: Item, at?: string) => Fields;
  /** The form's fields in screen order: where a problem sends focus first. */
  fields: readonly FieldPath<Fields>[];
  /** A failed save with its field issues on the form's fields, in the interface's words. */
  issues: (error: unknown, values: Fields) => unknown;
  /** The kind's save (`useSaveItem`'s `mutateAsync`). */
  save: (input: EditorSave<Item, Values>) => Promise<Item>;
  /** The message a save's outcome is said in. */
  savedMessage: (record: Item, action: EditorAction, created: boolean) => MessageKey;
  /** The kind's name in the browser's kept drafts (`article`): what is typed is kept there. */
  keptAs: string;
}

/**
 * An editor's form: its values (react-hook-form over the kind's schema), whether it holds
 * unsaved changes (the time to schedule for is no content: a change to it alone is not), and
 * the save the button pressed asks for, said in the status line.
 */
export function useEditorForm<
  Item extends EditedItem,
  Fields extends { at: string },
  Values extends { at: string },
>(options: EditorFormOptions<Item, Fields, Values>) {
  const { t, record, report, onCreated, focusHeading, schema, fields } = options;
  const id = useId();
  const readOnly = record?.readOnly ?? false;
  const status = record?.status ?? "draft";
  const buttons = buttonsOf(record);
  // The button pressed decides the rules (only Schedule asks for a time): read at each check.
  const action = useRef<EditorAction>("draft");
  const first = record ? options.fieldsOf(record) : options.empty();
  const form = useForm<Fields, unknown, Values>({
    resolver: (values, context, resolverOptions) =>
      zodResolver(schema(action.current))(values, context, resolverOptions),
    // Whole values are defaults too; TypeScript cannot see it of a generic `Fields`.
    defaultValues: first as DefaultValues<Fields>,
    // Focus goes to the first problem in screen order (below).
    shouldFocusError: false,
  });
  const keeping = useKeeping<Item, Fields, Values>({
    t,
    form,
    record,
    readOnly,
    keptAs: options.keptAs,
    first,
    report,
    autosave: {
      schema: schema("save"),
      save: (item, values) =>
        options.save({ record: item, action: "save", values, changed: true, autosave: true }),
    },
  });
  const busy = form.formState.isSubmitting;
  const focus = useFocusAfterAction(status, busy);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  const run = form.handleSubmit(
    async (values) => {
      const over = await keeping.beforeSave();
      const chosen = action.current;
      report(true, t("bmsArticles.working"));
      try {
        const saved = await options.save({
          record: keeping.latest(),
          action: chosen,
          values,
          changed: keeping.dirty,
          force: over,
        });
        keeping.afterSave(saved);
        const time = saved.publishedAt ? formatTime(saved.publishedAt) : "";
        const message = t(options.savedMessage(saved, chosen, !record), { time });
        if (!record) {
          onCreated?.(saved, message);
          return;
        }
        report(true, message);
        form.reset(options.fieldsOf(saved, values.at));
        focus.after(saved.status);
      } catch (error) {
        if (keeping.refused(error)) {
          focus.after(status);
          return;
        }
        const marked = showServerIssues(
          withIssueWords(t, options.issues(error, form.getValues())),
          form.setError,
          fields,
        );
        report(false, marked ? t("bmsContent.checkFields") : failedCallText(t, error));
        focus.after(status);
      }
    },
    (errors) => {
      report(false, t("bmsContent.checkFields"));
      const firstProblem = fields.find((name) => get(errors, name));
      if (firstProblem) form.setFocus(firstProblem);
    },
  );

  function submit(event: SubmitEvent<HTMLFormElement>) {
    const pressed = submitterValue(event);
    const chosen = buttons.find(([a]) => a === pressed) ?? buttons[0];
    action.current = chosen?.[0] ?? "draft";
    void run(event);
  }

  return {
    t,
    id,
    record,
    form,
    readOnly,
    status,
    dirty: keeping.dirty,
    busy,
    buttons,
    focus,
    heading,
    submit,
    conflict: keeping.conflict,
    /** Saves the form over the version saved elsewhere, as Save would. */
    saveOver: () =>
      keeping.saveOver(() => {
        action.current = "save";
        void run();
      }),
    /** A revision was put back and saved: the form holds the item as it now is. */
    restored: (saved: Item, revisionSavedAt: string) =>
      keeping.restored(saved, options.fieldsOf(saved, form.getValues().at), revisionSavedAt),
    latest: keeping.latest,
    kept: keeping.kept,
    /** The values the form opened with (the saved item's), to show what the kept ones change. */
    saved: keeping.saved,
    answerKept: keeping.answerKept,
  };
}

/** An editor's form as `useEditorForm` holds it. */
type Editor = Omit<ReturnType<typeof useEditorForm>, "form" | "restored" | "latest">;

/**
 * An editor's form: its heading (the item's `name`, in the kind's `words`), status and unsaved
 * mark, the read-only note of a file's item (under `fileDir` when it names no file), the kind's
 * fields and its text, and unless read-only the time to schedule for (`schedule`) and the buttons.
 */
export function EditorForm({
  editor,
  words,
  name,
  fileDir,
  className,
  schedule,
  lead,
  text,
  history,
  share,
  children,
}: {
  editor: Editor;
  words: EditorWords;
  name: string;
  fileDir: string;
  className?: string;
  schedule: ReactNode;
  /**
   * The fields that come first, above the text (an article's title). With them, the other
   * fields (`children`) are the item's details: beside the text on a wide screen, after it on
   * a narrow one, so the text has the width and the first place.
   */
  lead?: ReactNode;
  /**
   * The kind's Markdown text, after the other fields and outside their disabled fieldset: a
   * read-only text and its preview still scroll by keyboard (a disabled fieldset would make
   * them unfocusable to assistive technology), and the editor is read-only by its own means.
   */
  text?: ReactNode;
  /** The item's history (`HistoryPanel`), after its text. */
  history?: ReactNode;
  /** A draft's secret link to its page (`DraftLinkControl`), after its history. */
  share?: ReactNode;
  children: ReactNode;
}) {
  const { t, id, record, readOnly, status, focus } = editor;
  const title = record
    ? t(readOnly ? `${words}.editorView` : `${words}.editorEdit`, { title: name })
    : t(`${words}.editorNew`);
  const actions = !readOnly && (
    <>
      {schedule}
      <div className="bms-actions bms-editor-actions">
        <SaveOverButton
          t={t}
          busy={editor.busy}
          onSaveOver={editor.conflict ? editor.saveOver : undefined}
        />
        {editor.buttons.map(([a, label], i) => (
          <button
            key={a}
            ref={i === 0 ? focus.save : undefined}
            type="submit"
            name="action"
            value={a}
            className={i === 0 ? "button button-primary" : "button"}
            disabled={editor.busy}
          >
            {t(label)}
          </button>
        ))}
      </div>
    </>
  );
  return (
    <form
      ref={focus.form}
      className={`bms-compose bms-article-form${className ? ` ${className}` : ""}`}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={editor.submit}
    >
      <div className="bms-editor-head">
        <h2 id={`${id}-title`} ref={editor.heading} tabIndex={-1}>
          {title}
        </h2>
        <p className="bms-editor-state">
          {t("bmsArticles.currentStatus")}
          <StatusBadge t={t} status={status} publishedAt={record?.publishedAt ?? null} />
          {editor.dirty && <span className="bms-unsaved">{t("bmsContent.unsaved")}</span>}
        </p>
      </div>
      <KeptOffer t={t} id={id} keeping={editor} words={words} />
      {readOnly && (
        <p className="bms-file bms-readonly-note">
          {t("bmsContent.readOnly", { file: record?.file ?? fileDir })}
        </p>
      )}
      {lead === undefined ? (
        <>
          <fieldset className="bms-fields" disabled={readOnly}>
            <legend className="visually-hidden">{title}</legend>
            {children}
          </fieldset>
          {text}
          {history}
          {share}
          {actions}
        </>
      ) : (
        <div className="bms-editor-layout">
          <div className="bms-editor-main">
            <fieldset className="bms-fields" disabled={readOnly}>
              <legend className="visually-hidden">{title}</legend>
              {lead}
            </fieldset>
            {text}
            {actions}
            {history}
            {share}
          </div>
          <fieldset className="bms-fields bms-editor-side" disabled={readOnly}>
            <legend>{t("bmsContent.details")}</legend>
            {children}
          </fieldset>
        </div>
      )}
    </form>
  );
}
