import { type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import type { MessageKey, Translate } from "../../i18n/core.ts";
import { api } from "../../shared/api-client.ts";
import {
  CONTENT_LIMITS,
  type ContentLang,
  isImageSrc,
  type NoteListItem,
  type NoteRecord,
} from "../../shared/content-rules.ts";
import { $locale } from "../../stores/locale.ts";
import { FormStatus } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { call, failureText, itemPath } from "./content/api-call.ts";
import { LangField, ScheduleField, TagsField } from "./content/fields.tsx";
import {
  type Problems,
  parseTags,
  submitterValue,
  tagsProblem,
  useContentForm,
} from "./content/form.ts";
import {
  ItemActions,
  PUBLISH_LABELS,
  type PublishAction,
  useInlineEdit,
} from "./content/ItemActions.tsx";
import { ContentSection, useContentList } from "./content/list.tsx";
import { MarkdownField } from "./content/MarkdownField.tsx";
import { SourceFacts, StatusBadge } from "./content/StatusBadge.tsx";
import { suggestSlug } from "./content/slug.ts";
import { formatTime, localDate, localToIso, tomorrowMorning } from "./content/time.ts";
import "./content/content.css";

/** Short daily notes: a compose form, then every note (rows and files) with its tools. */
export function NotesScreen({ t }: { t: Translate }) {
  const list = useContentList<NoteListItem>("/admin/notes", { q: "", status: "", lang: "" });
  return (
    <div className="bms-content bms-notes">
      <NoteForm t={t} onDone={(message) => list.report(true, message)} />
      <ContentSection
        t={t}
        ns="bmsNotes"
        list={list}
        filters
        item={(item) => (
          <NoteItem
            key={item.id}
            t={t}
            item={item}
            onDone={list.report}
            onDeleted={() => list.deleted(t("bmsNotes.deleted"))}
          />
        )}
      />
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
  const { editing, editButton, open, close } = useInlineEdit<NoteRecord>();

  async function openEditor() {
    const result = await call(api.get<NoteRecord>(itemPath("notes", item.id)));
    if (result.ok) open(result.data);
    else onDone(false, failureText(t, result));
  }

  async function act(action: PublishAction) {
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
        : failureText(t, result),
    );
    return result.ok;
  }

  async function remove() {
    const result = await call(api.delete(itemPath("notes", item.id)));
    if (result.ok) onDeleted();
    else onDone(false, failureText(t, result));
    return result.ok;
  }

  if (editing) {
    return (
      <li className="bms-item">
        <NoteForm
          t={t}
          editing={editing}
          onDone={(message) => {
            close();
            onDone(true, message);
          }}
          onCancel={close}
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
        <SourceFacts t={t} item={item} />
      </ul>
      {item.readOnly ? (
        <p className="bms-file">{t("bmsNotes.inFile", { file: item.file ?? "content/" })}</p>
      ) : (
        <ItemActions
          t={t}
          describedBy={`${id}-excerpt`}
          editLabel={t("bmsNotes.edit")}
          editRef={editButton}
          onEdit={() => void openEditor()}
          publish={{ status: item.status, labels: PUBLISH_LABELS, act }}
          question={t("bmsNotes.askDelete")}
          onDelete={remove}
        />
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

/** The same rules as the API's note schema, in the browser (zod stays on the server). */
export function checkNote(values: Values, action: Action, now = Date.now()): Problems {
  const problems: Problems = {};
  const body = values.body.trim();
  if (!body) problems.body = "bmsNotes.problems.bodyRequired";
  else if (values.body.length > CONTENT_LIMITS.body)
    problems.body = "bmsNotes.problems.bodyTooLong";
  const tags = tagsProblem(values.tags);
  if (tags === "tooMany") problems.tags = "bmsNotes.problems.tooManyTags";
  else if (tags === "tooLong") problems.tags = "bmsNotes.problems.tagTooLong";
  else if (tags === "invalid") problems.tags = "bmsNotes.problems.tagInvalid";
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
  const state = useContentForm<Values>(t, () =>
    editing ? fromRecord(editing) : emptyValues($locale.get()),
  );
  const { values, set, busy } = state;
  const [action, setAction] = useState<Action>("draft");
  const problems = checkNote(values, action);
  const order = [
    "body",
    "tags",
    ...values.images.flatMap((_, i) => [`images.${i}.src`, `images.${i}.alt`]),
    "at",
  ];
  const focusAfter = useRef<string | null>(null);

  // Runs after every commit. Before it renders a click's change, React may first run effects
  // still pending from an earlier commit, where the element asked for is not there yet: so the
  // request is kept until that element exists, and dropped only once it has focus.
  useEffect(() => {
    const target = focusAfter.current ? document.getElementById(focusAfter.current) : null;
    if (target) {
      target.focus();
      focusAfter.current = null;
    }
  });

  const setImage = (i: number, changes: Partial<Image>) =>
    set({ images: values.images.map((img, j) => (j === i ? { ...img, ...changes } : img)) });

  const error = state.errorOf(problems);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const chosen = (submitterValue(event) as Action | undefined) ?? (editing ? "save" : "draft");
    setAction(chosen);
    if (state.stopped(form, order, checkNote(values, chosen))) return;
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
    state.setBusy(true);
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
    state.setBusy(false);
    if (!result.ok) {
      state.failed(form, order, result.field ? formField(result.field) : null, result);
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
      state.setValues(emptyValues(values.lang));
      state.setShown(false);
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
      <LangField
        t={t}
        id={`${id}-lang`}
        label={t("bmsNotes.language")}
        value={values.lang}
        onChange={(lang) => set({ lang })}
      />
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
      <TagsField
        id={`${id}-tags`}
        label={t("bmsNotes.tags")}
        hint={t("bmsNotes.tagsHint")}
        value={values.tags}
        onChange={(tags) => set({ tags })}
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
        <ScheduleField
          id={`${id}-at`}
          label={t("bmsNotes.scheduleAt")}
          hint={t("bmsNotes.scheduleHint")}
          value={values.at}
          onChange={(at) => set({ at })}
          error={error("at")}
        />
      )}
      <FormStatus note={busy ? t("bmsNotes.saving") : ""} failure={state.failure} />
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
