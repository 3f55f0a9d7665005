import { type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import type { MessageKey, Translate } from "../../i18n/core.ts";
import { api } from "../../shared/api-client.ts";
import {
  CONTENT_LANGS,
  CONTENT_LIMITS,
  CONTENT_STATUSES,
  type ContentLang,
  isImageSrc,
  type NoteListItem,
  type NoteRecord,
} from "../../shared/content-rules.ts";
import { $locale } from "../../stores/locale.ts";
import { FormStatus, focusFirstProblem } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { call, itemPath } from "./content/api-call.ts";
import { DeleteControl } from "./content/DeleteControl.tsx";
import { useLastPage } from "./content/last-page.ts";
import { MarkdownField } from "./content/MarkdownField.tsx";
import { StatusBadge } from "./content/StatusBadge.tsx";
import { suggestSlug } from "./content/slug.ts";
import { formatTime, localDate, localToIso, tomorrowMorning } from "./content/time.ts";
import { FilterSelect, Pager, usePagedList } from "./paged.tsx";
import "./content/content.css";

const PAGE_SIZE = 20;

/** Short daily notes: a compose form, then every note (rows and files) with its tools. */
export function NotesScreen({ t }: { t: Translate }) {
  const id = useId();
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const [lang, setLang] = useState("");
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const listHeading = useRef<HTMLHeadingElement>(null);
  const { page, setPage, load, reload } = usePagedList<NoteListItem>(
    "/admin/notes",
    { q, status, lang },
    PAGE_SIZE,
    200,
  );
  const view = useLastPage(load);

  function report(ok: boolean, message: string) {
    setNote(ok ? message : "");
    setFailure(ok ? "" : message);
    if (ok) reload();
  }

  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  return (
    <div className="bms-content bms-notes">
      <NoteForm t={t} onDone={(message) => report(true, message)} />
      <section aria-labelledby={`${id}-list`}>
        <div className="bms-list-head">
          <h2 id={`${id}-list`} ref={listHeading} tabIndex={-1}>
            {t("bmsNotes.list")}
          </h2>
          {view && <p>{t("bmsNotes.total", { total: view.total })}</p>}
        </div>
        <search className="bms-filters" aria-label={t("bmsNotes.filters")}>
          <label htmlFor={`${id}-q`} className="visually-hidden">
            {t("bmsNotes.search")}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="field-input bms-search"
            placeholder={t("bmsNotes.search")}
            value={q}
            maxLength={CONTENT_LIMITS.q}
            onChange={(e) => filter(setQ)(e.target.value)}
          />
          <FilterSelect
            id={`${id}-status`}
            label={t("bmsNotes.status")}
            any={t("bmsNotes.any")}
            value={status}
            options={CONTENT_STATUSES.map((s) => ({
              value: s,
              label: t(`bmsNotes.statuses.${s}`),
            }))}
            onChange={filter(setStatus)}
          />
          <FilterSelect
            id={`${id}-lang`}
            label={t("bmsNotes.language")}
            any={t("bmsNotes.any")}
            value={lang}
            options={CONTENT_LANGS.map((l) => ({ value: l, label: t(`bmsNotes.languages.${l}`) }))}
            onChange={filter(setLang)}
          />
        </search>
        <FormStatus
          note={load.state === "loading" ? t("bmsNotes.loading") : note}
          failure={load.state === "failed" ? t("bmsNotes.failed") : failure}
        />
        {view && view.items.length === 0 && <p>{t("bmsNotes.empty")}</p>}
        {view && view.items.length > 0 && (
          <ul className="bms-items" aria-busy={load.state === "loading"}>
            {view.items.map((item) => (
              <NoteItem
                key={item.id}
                t={t}
                item={item}
                onDone={report}
                onDeleted={() => {
                  report(true, t("bmsNotes.deleted"));
                  listHeading.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
        {view && (
          <Pager
            t={t}
            page={page}
            pages={Math.max(1, Math.ceil(view.total / PAGE_SIZE))}
            total={view.total}
            onPage={setPage}
          />
        )}
      </section>
    </div>
  );
}

function NoteItem({
  t,
  item,
  onDone,
  onDeleted,
}: {
  t: Translate;
  item: NoteListItem;
  onDone: (ok: boolean, message: string) => void;
  onDeleted: () => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState<NoteRecord | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const [backToEdit, setBackToEdit] = useState(false);

  useEffect(() => {
    if (!editing && backToEdit) {
      editButton.current?.focus();
      setBackToEdit(false);
    }
  }, [editing, backToEdit]);

  async function openEditor() {
    const result = await call(api.get<NoteRecord>(itemPath("notes", item.id)));
    if (result.ok) setEditing(result.data);
    else onDone(false, t("bmsContent.failure", { message: result.message }));
  }

  async function act(action: "publish" | "unpublish") {
    const result = await call(
      api.post<NoteRecord>(
        itemPath("notes", item.id, action),
        action === "publish" ? {} : undefined,
      ),
    );
    onDone(
      result.ok,
      result.ok
        ? t(action === "publish" ? "bmsNotes.published" : "bmsNotes.unpublished")
        : t("bmsContent.failure", { message: result.message }),
    );
    // The button pressed gives way to its opposite; Edit stays, so focus waits there.
    if (result.ok) editButton.current?.focus();
  }

  async function remove() {
    const result = await call(api.delete(itemPath("notes", item.id)));
    if (result.ok) onDeleted();
    else onDone(false, t("bmsContent.failure", { message: result.message }));
    return result.ok;
  }

  if (editing) {
    return (
      <li className="bms-item">
        <NoteForm
          t={t}
          editing={editing}
          onDone={(message) => {
            setBackToEdit(true);
            setEditing(null);
            onDone(true, message);
          }}
          onCancel={() => {
            setBackToEdit(true);
            setEditing(null);
          }}
        />
      </li>
    );
  }

  return (
    <li className="bms-item">
      <p className="bms-excerpt" id={`${id}-excerpt`} lang={item.lang}>
        {item.excerpt}
      </p>
      <ul className="bms-facts">
        <li>
          <StatusBadge t={t} status={item.status} publishedAt={item.publishedAt} />
        </li>
        <li>{t(`bmsNotes.languages.${item.lang}`)}</li>
        {item.tags.length > 0 && <li>{t("bmsNotes.noteTags", { tags: item.tags.join(", ") })}</li>}
        {item.images.length > 0 && <li>{t("bmsNotes.pictures", { count: item.images.length })}</li>}
        <li>{t("bmsContent.sourceValue", { source: t(`bmsNotes.sources.${item.source}`) })}</li>
        {item.updatedAt && (
          <li>
            <time dateTime={item.updatedAt}>
              {t("bmsContent.updated", { time: formatTime(item.updatedAt) })}
            </time>
          </li>
        )}
      </ul>
      {item.readOnly ? (
        <p className="bms-file">{t("bmsNotes.inFile", { file: item.file ?? "content/" })}</p>
      ) : (
        <div className="bms-actions">
          <button
            ref={editButton}
            type="button"
            className="button"
            aria-describedby={`${id}-excerpt`}
            onClick={() => void openEditor()}
          >
            {t("bmsNotes.edit")}
          </button>
          {item.status !== "published" && (
            <button
              type="button"
              className="button"
              aria-describedby={`${id}-excerpt`}
              onClick={() => void act("publish")}
            >
              {t(item.status === "scheduled" ? "bmsNotes.publishNow" : "bmsNotes.publish")}
            </button>
          )}
          {item.status !== "draft" && (
            <button
              type="button"
              className="button"
              aria-describedby={`${id}-excerpt`}
              onClick={() => void act("unpublish")}
            >
              {t("bmsNotes.unpublish")}
            </button>
          )}
          <DeleteControl
            t={t}
            question={t("bmsNotes.askDelete")}
            describedBy={`${id}-excerpt`}
            onDelete={remove}
          />
        </div>
      )}
    </li>
  );
}

// --- The form --------------------------------------------------------------------------------

interface Image {
  key: number;
  src: string;
  alt: string;
}

interface Values {
  lang: ContentLang;
  body: string;
  tags: string;
  images: Image[];
  at: string;
}

type Action = "draft" | "publish" | "schedule" | "save";
type Problems = Record<string, MessageKey | undefined>;

/** Tags typed with commas (either width) or the Chinese enumeration comma, without repeats. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，、]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** The same rules as the API's note schema, in the browser (zod stays on the server). */
export function checkNote(values: Values, action: Action, now = Date.now()): Problems {
  const problems: Problems = {};
  const body = values.body.trim();
  if (!body) problems.body = "bmsNotes.problems.bodyRequired";
  else if (values.body.length > CONTENT_LIMITS.body)
    problems.body = "bmsNotes.problems.bodyTooLong";
  const tags = parseTags(values.tags);
  if (tags.length > CONTENT_LIMITS.tags) problems.tags = "bmsNotes.problems.tooManyTags";
  else if (tags.some((tag) => tag.length > CONTENT_LIMITS.tag)) {
    problems.tags = "bmsNotes.problems.tagTooLong";
  }
  values.images.forEach((image, i) => {
    const src = image.src.trim();
    if (!src) problems[`images.${i}.src`] = "bmsNotes.problems.imageSrcRequired";
    else if (!isImageSrc(src)) problems[`images.${i}.src`] = "bmsNotes.problems.imageSrcInvalid";
    if (image.alt.trim().length > CONTENT_LIMITS.alt) {
      problems[`images.${i}.alt`] = "bmsNotes.problems.altTooLong";
    }
  });
  if (action === "schedule") {
    const at = localToIso(values.at);
    if (!at || Date.parse(at) <= now) problems.at = "bmsNotes.problems.atFuture";
  }
  return problems;
}

/** A new note's slug: the date, then the first Latin words of the body, or the time of day. */
function noteSlug(body: string, now = new Date()): string {
  const date = localDate(now);
  const words = suggestSlug(body.split(/\s+/).slice(0, 6).join(" "), 40);
  const time = `${now.getHours()}${now.getMinutes()}${now.getSeconds()}`.padStart(6, "0");
  return words ? `${date}-${words}-${time}` : `${date}-${time}`;
}

let imageKeys = 0;
const emptyValues = (lang: ContentLang): Values => ({
  lang,
  body: "",
  tags: "",
  images: [],
  at: tomorrowMorning(),
});

function fromRecord(record: NoteRecord): Values {
  return {
    lang: record.lang,
    body: record.body,
    tags: record.tags.join(", "),
    images: record.images.map((image) => ({ key: imageKeys++, ...image })),
    at: tomorrowMorning(),
  };
}

/** The server's field names (`publishedAt`) as the form's. */
const formField = (field: string) => (field === "publishedAt" || field === "at" ? "at" : field);

function NoteForm({
  t,
  editing,
  onDone,
  onCancel,
}: {
  t: Translate;
  editing?: NoteRecord;
  onDone: (message: string) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(() =>
    editing ? fromRecord(editing) : emptyValues($locale.get()),
  );
  const [action, setAction] = useState<Action>("draft");
  const [shown, setShown] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const problems = checkNote(values, action);
  const order = [
    "body",
    "tags",
    ...values.images.flatMap((_, i) => [`images.${i}.src`, `images.${i}.alt`]),
    "at",
  ];
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    if (focusAfter.current) {
      document.getElementById(focusAfter.current)?.focus();
      focusAfter.current = null;
    }
  });

  const set = (changes: Partial<Values>) => {
    setValues((v) => ({ ...v, ...changes }));
    setServer({});
  };
  const setImage = (i: number, changes: Partial<Image>) =>
    set({ images: values.images.map((img, j) => (j === i ? { ...img, ...changes } : img)) });

  const error = (name: string) => {
    const key = shown ? problems[name] : undefined;
    return key ? t(key) : server[name];
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as unknown as { submitter?: HTMLButtonElement }).submitter;
    const chosen = (submitter?.value as Action | undefined) ?? (editing ? "save" : "draft");
    setAction(chosen);
    setShown(true);
    setFailure("");
    setServer({});
    const found = checkNote(values, chosen);
    if (focusFirstProblem(form, order, found)) {
      setFailure(t("bmsContent.checkFields"));
      return;
    }
    const content = {
      lang: values.lang,
      body: values.body,
      tags: parseTags(values.tags),
      images: values.images.map(({ src, alt }) => ({ src: src.trim(), alt: alt.trim() })),
    };
    const at = localToIso(values.at);
    const timing =
      chosen === "schedule"
        ? { status: "scheduled", publishedAt: at }
        : chosen === "publish" && !editing
          ? { status: "published" }
          : chosen === "draft"
            ? { status: "draft" }
            : {};
    setBusy(true);
    let result = editing
      ? await call(api.put<NoteRecord>(itemPath("notes", editing.id), { ...content, ...timing }))
      : await call(
          api.post<NoteRecord>("/admin/notes", {
            slug: noteSlug(values.body),
            ...content,
            ...timing,
          }),
        );
    if (result.ok && editing && chosen === "publish") {
      result = await call(api.post<NoteRecord>(itemPath("notes", editing.id, "publish"), {}));
    }
    setBusy(false);
    if (!result.ok) {
      const field = result.field ? formField(result.field) : null;
      if (field && order.includes(field)) {
        setServer({ [field]: result.message });
        form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      }
      setFailure(t("bmsContent.failure", { message: result.message }));
      return;
    }
    const record = result.data;
    const message =
      record.status === "scheduled" && record.publishedAt
        ? t("bmsNotes.scheduled", { time: formatTime(record.publishedAt) })
        : chosen === "publish"
          ? t("bmsNotes.published")
          : chosen === "draft"
            ? t("bmsNotes.savedDraft")
            : record.status === "draft"
              ? t("bmsNotes.saved")
              : t("bmsNotes.savedLive");
    if (!editing) {
      setValues(emptyValues(values.lang));
      setShown(false);
    }
    onDone(message);
  }

  const Heading = editing ? "h3" : "h2";
  const actions: Action[] = editing
    ? editing.status === "published"
      ? ["save"]
      : ["save", "publish", "schedule"]
    : ["draft", "publish", "schedule"];
  const label: Record<Action, MessageKey> = {
    draft: "bmsNotes.saveDraft",
    publish: "bmsNotes.publishNow",
    schedule: "bmsNotes.schedule",
    save: "bmsNotes.saveChanges",
  };

  return (
    <form
      className="bms-compose"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`}>{t(editing ? "bmsNotes.editing" : "bmsNotes.compose")}</Heading>
      <div className="field">
        <label htmlFor={`${id}-lang`} className="field-label">
          {t("bmsNotes.language")}
        </label>
        <select
          id={`${id}-lang`}
          name="lang"
          value={values.lang}
          onChange={(e) =>
            set({ lang: CONTENT_LANGS.find((l) => l === e.target.value) ?? "zh-CN" })
          }
        >
          {CONTENT_LANGS.map((l) => (
            <option key={l} value={l}>
              {t(`bmsNotes.languages.${l}`)}
            </option>
          ))}
        </select>
      </div>
      <MarkdownField
        t={t}
        id={`${id}-body`}
        name="body"
        label={t("bmsNotes.body")}
        value={values.body}
        onChange={(body) => set({ body })}
        max={CONTENT_LIMITS.body}
        error={error("body")}
        required
        rows={editing ? 6 : 5}
      />
      <TextField
        id={`${id}-tags`}
        name="tags"
        label={t("bmsNotes.tags")}
        hint={t("bmsNotes.tagsHint")}
        value={values.tags}
        onChange={(tags) => set({ tags })}
        maxLength={CONTENT_LIMITS.tags * (CONTENT_LIMITS.tag + 2)}
        error={error("tags")}
      />
      <fieldset className="bms-images" aria-describedby={`${id}-images-hint`}>
        <legend>{t("bmsNotes.images")}</legend>
        <span id={`${id}-images-hint`} className="field-hint">
          {t("bmsNotes.imagesHint")}
        </span>
        {values.images.length > 0 && (
          <ol>
            {values.images.map((image, i) => (
              <li key={image.key} className="bms-image-row">
                <TextField
                  id={`${id}-img-${image.key}-src`}
                  name={`images.${i}.src`}
                  label={t("bmsNotes.imageSrc", { n: i + 1 })}
                  value={image.src}
                  inputMode="url"
                  onChange={(src) => setImage(i, { src })}
                  maxLength={CONTENT_LIMITS.url}
                  error={error(`images.${i}.src`)}
                />
                <TextField
                  id={`${id}-img-${image.key}-alt`}
                  name={`images.${i}.alt`}
                  label={t("bmsNotes.imageAlt", { n: i + 1 })}
                  value={image.alt}
                  onChange={(alt) => setImage(i, { alt })}
                  maxLength={CONTENT_LIMITS.alt}
                  error={error(`images.${i}.alt`)}
                />
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    const rest = values.images.filter((_, j) => j !== i);
                    set({ images: rest });
                    const next = rest[i] ?? rest[i - 1];
                    focusAfter.current = next ? `${id}-img-${next.key}-src` : `${id}-add-image`;
                  }}
                >
                  {t("bmsNotes.removeImage", { n: i + 1 })}
                </button>
              </li>
            ))}
          </ol>
        )}
        {values.images.length < CONTENT_LIMITS.noteImages && (
          <button
            ref={addButton}
            id={`${id}-add-image`}
            type="button"
            className="button bms-add-image"
            onClick={() => {
              const key = imageKeys++;
              set({ images: [...values.images, { key, src: "", alt: "" }] });
              focusAfter.current = `${id}-img-${key}-src`;
            }}
          >
            {t("bmsNotes.addImage")}
          </button>
        )}
      </fieldset>
      {actions.includes("schedule") && (
        <div className="field bms-schedule">
          <label htmlFor={`${id}-at`} className="field-label">
            {t("bmsNotes.scheduleAt")}
          </label>
          <input
            id={`${id}-at`}
            name="at"
            type="datetime-local"
            className="field-input"
            value={values.at}
            aria-invalid={error("at") ? true : undefined}
            aria-describedby={`${id}-at-hint${error("at") ? ` ${id}-at-error` : ""}`}
            onChange={(e) => set({ at: e.target.value })}
          />
          <span id={`${id}-at-hint`} className="field-hint">
            {t("bmsNotes.scheduleHint")}
          </span>
          {error("at") && (
            <span id={`${id}-at-error`} className="field-error">
              {error("at")}
            </span>
          )}
        </div>
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
            {t(label[a])}
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
