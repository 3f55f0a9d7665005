import { useStore } from "@nanostores/react";
import { type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import type { MessageKey, Translate } from "../../i18n/core.ts";
import { api, byId, send } from "../../shared/api-client.ts";
import type { ArticleRecord } from "../../shared/content.ts";
import {
  CONTENT_LIMITS,
  type ContentLang,
  isImageSrc,
  SLUG,
  timeIssue,
} from "../../shared/content-rules.ts";
import { $locale } from "../../stores/locale.ts";
import { FormStatus, focusFirstProblem } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { call, failureText, type Outcome } from "./content/api-call.ts";
import { useCategories } from "./content/categories.ts";
import { LangField, ScheduleField, TagsField } from "./content/fields.tsx";
import { parseTags, tagsProblem } from "./content/form.ts";
import { inApp } from "./content/in-app.ts";
import { MarkdownField } from "./content/MarkdownField.tsx";
import { StatusBadge } from "./content/StatusBadge.tsx";
import { suggestSlug } from "./content/slug.ts";
import { formatTime, isoToLocal, localToIso, tomorrowMorning } from "./content/time.ts";
import type { ScreenProps } from "./screen-props.ts";
import "./content/content.css";
import "./content/articles.css";

export interface ArticleValues {
  title: string;
  subtitle: string;
  slug: string;
  lang: ContentLang;
  category: string;
  tags: string;
  summary: string;
  cover: string;
  coverAlt: string;
  translationKey: string;
  pinned: boolean;
  body: string;
  /** The `datetime-local` value Schedule uses. */
  at: string;
}

export type ArticleAction = "draft" | "save" | "publish" | "schedule";
type Problems = Partial<Record<keyof ArticleValues, MessageKey>>;

/** The fields in the order they appear, for focusing the first problem. */
const ORDER: ReadonlyArray<keyof ArticleValues> = [
  "title",
  "subtitle",
  "slug",
  "lang",
  "category",
  "tags",
  "summary",
  "cover",
  "coverAlt",
  "translationKey",
  "body",
  "at",
];

const EMPTY: ArticleValues = {
  title: "",
  subtitle: "",
  slug: "",
  lang: "zh-CN",
  category: "",
  tags: "",
  summary: "",
  cover: "",
  coverAlt: "",
  translationKey: "",
  pinned: false,
  body: "",
  at: "",
};

/** The API's article rules, in the browser (zod stays on the server). */
export function checkArticle(
  values: ArticleValues,
  action: ArticleAction,
  now = Date.now(),
): Problems {
  const p: Problems = {};
  const title = values.title.trim();
  if (!title) p.title = "bmsArticles.problems.titleRequired";
  else if (title.length > CONTENT_LIMITS.title) p.title = "bmsArticles.problems.titleTooLong";
  if (values.subtitle.trim().length > CONTENT_LIMITS.title) {
    p.subtitle = "bmsArticles.problems.subtitleTooLong";
  }
  if (!values.slug) p.slug = "bmsArticles.problems.slugRequired";
  else if (values.slug.length > CONTENT_LIMITS.slug || !SLUG.test(values.slug)) {
    p.slug = "bmsArticles.problems.slugInvalid";
  }
  if (!values.category) p.category = "bmsArticles.problems.categoryRequired";
  const tags = tagsProblem(values.tags);
  if (tags === "tooMany") p.tags = "bmsArticles.problems.tooManyTags";
  else if (tags === "tooLong") p.tags = "bmsArticles.problems.tagTooLong";
  else if (tags === "invalid") p.tags = "bmsArticles.problems.tagInvalid";
  const summary = values.summary.trim();
  if (!summary) p.summary = "bmsArticles.problems.summaryRequired";
  else if (summary.length > CONTENT_LIMITS.summary) {
    p.summary = "bmsArticles.problems.summaryTooLong";
  }
  const cover = values.cover.trim();
  if (cover && !isImageSrc(cover)) p.cover = "bmsArticles.problems.coverInvalid";
  if (values.coverAlt.trim().length > CONTENT_LIMITS.alt) {
    p.coverAlt = "bmsArticles.problems.altTooLong";
  }
  const key = values.translationKey.trim();
  if (key && (key.length > CONTENT_LIMITS.slug || !SLUG.test(key))) {
    p.translationKey = "bmsArticles.problems.translationKeyInvalid";
  }
  if (values.body.length > CONTENT_LIMITS.body) p.body = "bmsArticles.problems.bodyTooLong";
  if (action === "schedule") {
    const at = localToIso(values.at);
    if (!at || timeIssue({ status: "scheduled", publishedAt: at }, now)) {
      p.at = "bmsArticles.problems.atFuture";
    }
  }
  return p;
}

/** The problem a server 400 names, in our words (the server's are English). */
const SERVER_FIELDS: Partial<Record<string, [keyof ArticleValues, MessageKey]>> = {
  title: ["title", "bmsArticles.problems.titleRequired"],
  subtitle: ["subtitle", "bmsArticles.problems.subtitleTooLong"],
  slug: ["slug", "bmsArticles.problems.slugInvalid"],
  category: ["category", "bmsArticles.problems.categoryMissing"],
  tags: ["tags", "bmsArticles.problems.tagTooLong"],
  summary: ["summary", "bmsArticles.problems.summaryRequired"],
  cover: ["cover", "bmsArticles.problems.coverInvalid"],
  coverAlt: ["coverAlt", "bmsArticles.problems.altTooLong"],
  translationKey: ["translationKey", "bmsArticles.problems.translationKeyInvalid"],
  body: ["body", "bmsArticles.problems.bodyTooLong"],
  publishedAt: ["at", "bmsArticles.problems.atFuture"],
  at: ["at", "bmsArticles.problems.atFuture"],
};

function valuesOf(record: ArticleRecord): ArticleValues {
  return {
    title: record.title,
    subtitle: record.subtitle,
    slug: record.slug,
    lang: record.lang,
    category: record.category,
    tags: record.tags.join(", "),
    summary: record.summary,
    cover: record.cover,
    coverAlt: record.coverAlt,
    translationKey: record.translationKey ?? "",
    pinned: record.pinned,
    body: record.body,
    at: record.status === "scheduled" && record.publishedAt ? isoToLocal(record.publishedAt) : "",
  };
}

/** The fields the API takes, from the form (the schedule time travels separately). */
function bodyOf(values: ArticleValues) {
  return {
    title: values.title.trim(),
    subtitle: values.subtitle.trim(),
    slug: values.slug,
    lang: values.lang,
    category: values.category,
    tags: parseTags(values.tags),
    summary: values.summary.trim(),
    cover: values.cover.trim(),
    coverAlt: values.coverAlt.trim(),
    translationKey: values.translationKey.trim() || null,
    pinned: values.pinned,
    body: values.body,
  };
}

const sameFields = (a: ArticleValues, b: ArticleValues) =>
  JSON.stringify(bodyOf(a)) === JSON.stringify(bodyOf(b));

type Loaded =
  | { state: "new" }
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "ready"; record: ArticleRecord };

/** `/bms/editarticle`: a new article, or `?id=` an existing one (read-only for a file's). */
export function ArticleEditor({ t, search, navigate }: ScreenProps) {
  const articleId = new URLSearchParams(search).get("id");
  const [loaded, setLoaded] = useState<Loaded>(articleId ? { state: "loading" } : { state: "new" });
  const [version, setVersion] = useState(0);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  /** The record just created: opening its address needs no second load. */
  const created = useRef<ArticleRecord | null>(null);
  const [focusForm, setFocusForm] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` retries the load
  useEffect(() => {
    if (!articleId) {
      setLoaded({ state: "new" });
      setFocusForm(false);
      return;
    }
    if (created.current?.id === articleId) {
      setLoaded({ state: "ready", record: created.current });
      created.current = null;
      return;
    }
    setNote("");
    setFailure("");
    setFocusForm(false);
    let live = true;
    setLoaded({ state: "loading" });
    void call(send(api.admin.articles[":id"].$get(byId(articleId)))).then((result) => {
      if (!live) return;
      setLoaded(
        result.ok
          ? { state: "ready", record: result.data }
          : { state: "failed", message: result.message },
      );
    });
    return () => {
      live = false;
    };
  }, [articleId, version]);

  const record = loaded.state === "ready" ? loaded.record : null;
  return (
    <div className="bms-content bms-editor">
      <a
        className="bms-back-link"
        href="/bms/article"
        // navigate asks first when the form has unsaved changes.
        onClick={inApp(() => navigate("article"))}
      >
        {t("bmsArticles.backToList")}
      </a>
      {loaded.state === "failed" && (
        <div className="bms-retry">
          <button type="button" className="button" onClick={() => setVersion((v) => v + 1)}>
            {t("bmsContent.retry")}
          </button>
        </div>
      )}
      {(loaded.state === "new" || loaded.state === "ready") && (
        <ArticleForm
          key={record?.id ?? "new"}
          t={t}
          record={record}
          report={(ok, message) => {
            setNote(ok ? message : "");
            setFailure(ok ? "" : message);
          }}
          focusHeading={focusForm}
          onCreated={(saved) => {
            created.current = saved;
            setFocusForm(true);
            navigate("editarticle", `id=${encodeURIComponent(saved.id)}`, { saved: true });
          }}
        />
      )}
      <FormStatus
        note={loaded.state === "loading" ? t("bmsArticles.loadingArticle") : note}
        failure={
          loaded.state === "failed"
            ? t("bmsArticles.loadFailed", { message: loaded.message })
            : failure
        }
      />
    </div>
  );
}

interface FormProps {
  t: Translate;
  record: ArticleRecord | null;
  /** Puts an outcome in the screen's status line (kept when the form starts over). */
  report: (ok: boolean, message: string) => void;
  onCreated: (record: ArticleRecord) => void;
  /** Focus the form's heading when it opens (after a create). */
  focusHeading: boolean;
}

function ArticleForm({ t, record: loadedRecord, report, onCreated, focusHeading }: FormProps) {
  const id = useId();
  const locale = useStore($locale);
  const categories = useCategories();
  const [record, setRecord] = useState(loadedRecord);
  const readOnly = record?.readOnly ?? false;
  const [values, setValues] = useState<ArticleValues>(() =>
    loadedRecord ? valuesOf(loadedRecord) : EMPTY,
  );
  const [baseline, setBaseline] = useState<ArticleValues>(values);
  const [shown, setShown] = useState<ArticleAction | null>(null);
  const [server, setServer] = useState<Problems & { slugBy?: string }>({});
  const [busy, setBusy] = useState(false);
  const [slugTouched, setSlugTouched] = useState(Boolean(loadedRecord));
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  const dirty = !readOnly && !sameFields(values, baseline);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form opens
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // After an action whose button went away (Publish now once published), focus the Save button.
  useEffect(() => {
    if (!refocus) return;
    setRefocus(false);
    if (!form.current?.contains(document.activeElement)) submitButton.current?.focus();
  }, [refocus]);

  const problems = shown ? checkArticle(values, shown) : {};

  function set<K extends keyof ArticleValues>(key: K, value: ArticleValues[K]) {
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (key === "title" && !slugTouched) next.slug = suggestSlug(String(value));
      return next;
    });
    if (server[key]) setServer((s) => ({ ...s, [key]: undefined }));
  }

  const error = (key: keyof ArticleValues): string | undefined => {
    const clientKey = problems[key];
    if (clientKey) return t(clientKey);
    const serverKey = server[key];
    if (serverKey) return t(serverKey, { by: server.slugBy ?? "" });
    return undefined;
  };

  /** A failed call: a 400 naming a field marks it, a slug clash marks the slug, else a line. */
  function failed(result: Extract<Outcome<unknown>, { ok: false }>) {
    const field = result.field?.split(".")[0];
    const taken = result.issues.find((issue) => issue.key === "bmsArticles.problems.slugTaken");
    const mapped = field && !taken ? SERVER_FIELDS[field] : undefined;
    if (mapped) {
      setServer({ [mapped[0]]: mapped[1] });
      report(false, t("bmsContent.checkFields"));
      form.current?.querySelector<HTMLElement>(`[name="${mapped[0]}"]`)?.focus();
    } else if (taken) {
      setServer({ slug: "bmsArticles.problems.slugTaken", slugBy: String(taken.values?.by ?? "") });
      report(false, t("bmsContent.checkFields"));
      form.current?.querySelector<HTMLElement>('[name="slug"]')?.focus();
    } else report(false, failureText(t, result));
  }

  /** A saved record: the form holds its values as the new baseline. */
  function saved(next: ArticleRecord, message: string) {
    const fresh = valuesOf(next);
    setRecord(next);
    setValues((v) => ({ ...fresh, at: fresh.at || v.at }));
    setBaseline(fresh);
    setShown(null);
    report(true, message);
  }

  async function run(action: ArticleAction) {
    setShown(action);
    setServer({});
    const found = checkArticle(values, action);
    if (form.current && focusFirstProblem(form.current, ORDER, found)) {
      report(false, t("bmsContent.checkFields"));
      return;
    }
    setBusy(true);
    report(true, t("bmsArticles.working"));
    const at = action === "schedule" ? localToIso(values.at) : null;
    try {
      if (!record) {
        const status = action === "publish" ? "published" : at ? "scheduled" : "draft";
        const result = await call(
          send(api.admin.articles.$post({ json: { ...bodyOf(values), status, publishedAt: at } })),
        );
        if (!result.ok) return failed(result);
        report(
          true,
          status === "published"
            ? t("bmsArticles.createdPublished")
            : status === "scheduled" && result.data.publishedAt
              ? t("bmsArticles.createdScheduled", { time: formatTime(result.data.publishedAt) })
              : t("bmsArticles.createdDraft"),
        );
        setBaseline(values);
        return onCreated(result.data);
      }
      let current = record;
      if (dirty || action === "save") {
        const put = await call(
          send(api.admin.articles[":id"].$put({ ...byId(record.id), json: bodyOf(values) })),
        );
        if (!put.ok) return failed(put);
        current = put.data;
      }
      if (action === "save") {
        const live = current.status !== "draft";
        return saved(current, t(live ? "bmsArticles.savedLive" : "bmsArticles.saved"));
      }
      const one = api.admin.articles[":id"];
      const result = await call(
        send(
          action === "draft"
            ? one.unpublish.$post(byId(record.id))
            : one.publish.$post({ ...byId(record.id), json: at ? { at } : {} }),
        ),
      );
      if (!result.ok) return failed(result);
      const done = result.data;
      return saved(
        done,
        action === "draft"
          ? t("bmsArticles.unpublishedNow")
          : done.status === "scheduled" && done.publishedAt
            ? t("bmsArticles.scheduledFor", { time: formatTime(done.publishedAt) })
            : t("bmsArticles.publishedNow"),
      );
    } finally {
      setBusy(false);
      setRefocus(true);
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(record ? "save" : "draft");
  }

  const status = record?.status ?? "draft";
  const title = record
    ? t(readOnly ? "bmsArticles.editorView" : "bmsArticles.editorEdit", { title: record.title })
    : t("bmsArticles.editorNew");
  const categoryChoices =
    categories.state === "ready"
      ? categories.items.map((c) => ({ value: c.slug, label: c.name[locale] }))
      : [];
  if (values.category && !categoryChoices.some((c) => c.value === values.category)) {
    categoryChoices.push({ value: values.category, label: values.category });
  }
  const categoryError = error("category");
  const atError = error("at");

  return (
    <form
      ref={form}
      className="bms-compose bms-article-form"
      noValidate
      aria-labelledby={`${id}-title`}
      data-dirty={dirty ? "" : undefined}
      onSubmit={submit}
    >
      <div className="bms-editor-head">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <p className="bms-editor-state">
          {t("bmsArticles.currentStatus")}
          <StatusBadge t={t} status={status} publishedAt={record?.publishedAt ?? null} />
          {dirty && <span className="bms-unsaved">{t("bmsContent.unsaved")}</span>}
        </p>
      </div>
      {readOnly && (
        <p className="bms-file bms-readonly-note">
          {t("bmsContent.readOnly", { file: record?.file ?? "content/" })}
        </p>
      )}
      <fieldset className="bms-fields" disabled={readOnly}>
        <legend className="visually-hidden">{title}</legend>
        <TextField
          id={`${id}-title-input`}
          name="title"
          label={t("bmsArticles.title")}
          value={values.title}
          onChange={(v) => set("title", v)}
          maxLength={CONTENT_LIMITS.title + 20}
          error={error("title")}
        />
        <TextField
          id={`${id}-subtitle`}
          name="subtitle"
          label={t("bmsArticles.subtitle")}
          hint={t("bmsArticles.subtitleHint")}
          value={values.subtitle}
          onChange={(v) => set("subtitle", v)}
          maxLength={CONTENT_LIMITS.title + 20}
          error={error("subtitle")}
        />
        <div className="bms-row">
          <TextField
            id={`${id}-slug`}
            name="slug"
            label={t("bmsArticles.slug")}
            hint={t("bmsArticles.slugHint")}
            value={values.slug}
            onChange={(v) => {
              setSlugTouched(v !== "");
              set("slug", v);
            }}
            maxLength={CONTENT_LIMITS.slug + 20}
            error={error("slug")}
          />
          <LangField
            t={t}
            id={`${id}-lang`}
            label={t("bmsArticles.language")}
            value={values.lang}
            onChange={(lang) => set("lang", lang)}
          />
          <div className="field">
            <label htmlFor={`${id}-category`} className="field-label">
              {t("bmsArticles.category")}
            </label>
            <select
              id={`${id}-category`}
              name="category"
              value={values.category}
              aria-invalid={categoryError ? true : undefined}
              aria-describedby={
                categoryError || categories.state === "failed" ? `${id}-category-error` : undefined
              }
              onChange={(e) => set("category", e.target.value)}
            >
              <option value="">{t("bmsArticles.chooseCategory")}</option>
              {categoryChoices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            {(categoryError || categories.state === "failed") && (
              <span id={`${id}-category-error`} className="field-error">
                {categoryError ?? t("bmsArticles.categoriesFailed")}
              </span>
            )}
          </div>
        </div>
        <TagsField
          id={`${id}-tags`}
          label={t("bmsArticles.tags")}
          hint={t("bmsArticles.tagsHint")}
          value={values.tags}
          onChange={(v) => set("tags", v)}
          error={error("tags")}
        />
        <TextField
          id={`${id}-summary`}
          name="summary"
          label={t("bmsArticles.summary")}
          hint={t("bmsArticles.summaryHint")}
          multiline
          value={values.summary}
          onChange={(v) => set("summary", v)}
          maxLength={CONTENT_LIMITS.summary + 50}
          counter={t("feedback.counter", {
            count: values.summary.trim().length,
            max: CONTENT_LIMITS.summary,
          })}
          error={error("summary")}
        />
        <div className="bms-row">
          <TextField
            id={`${id}-cover`}
            name="cover"
            label={t("bmsArticles.cover")}
            hint={t("bmsArticles.coverHint")}
            value={values.cover}
            onChange={(v) => set("cover", v)}
            maxLength={CONTENT_LIMITS.url}
            error={error("cover")}
          />
          <TextField
            id={`${id}-cover-alt`}
            name="coverAlt"
            label={t("bmsArticles.coverAlt")}
            hint={t("bmsArticles.coverAltHint")}
            value={values.coverAlt}
            onChange={(v) => set("coverAlt", v)}
            maxLength={CONTENT_LIMITS.alt + 20}
            error={error("coverAlt")}
          />
        </div>
        <div className="bms-row">
          <TextField
            id={`${id}-translation`}
            name="translationKey"
            label={t("bmsArticles.translationKey")}
            hint={t("bmsArticles.translationKeyHint")}
            value={values.translationKey}
            onChange={(v) => set("translationKey", v)}
            maxLength={CONTENT_LIMITS.slug + 20}
            error={error("translationKey")}
          />
          <div className="field bms-check">
            <input
              id={`${id}-pinned`}
              name="pinned"
              type="checkbox"
              checked={values.pinned}
              onChange={(e) => set("pinned", e.target.checked)}
            />
            <label htmlFor={`${id}-pinned`}>{t("bmsArticles.pinned")}</label>
          </div>
        </div>
        <div className="bms-article-body">
          <MarkdownField
            t={t}
            id={`${id}-body`}
            name="body"
            label={t("bmsArticles.body")}
            value={values.body}
            onChange={(v) => set("body", v)}
            max={CONTENT_LIMITS.body}
            rows={22}
            error={error("body")}
          />
        </div>
      </fieldset>
      {!readOnly && (
        <>
          <ScheduleField
            id={`${id}-at`}
            label={t("bmsArticles.scheduleAt")}
            hint={t("bmsArticles.scheduleHint")}
            value={values.at}
            onFocus={() => {
              if (!values.at) set("at", tomorrowMorning());
            }}
            onChange={(v) => set("at", v)}
            error={atError}
          />
          <div className="bms-actions bms-editor-actions">
            <button
              ref={submitButton}
              type="submit"
              className="button button-primary"
              disabled={busy}
            >
              {record ? t("bmsArticles.save") : t("bmsArticles.saveDraft")}
            </button>
            {status !== "published" && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void run("publish")}
              >
                {t("bmsArticles.publishNow")}
              </button>
            )}
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void run("schedule")}
            >
              {t("bmsArticles.schedule")}
            </button>
            {record && status !== "draft" && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void run("draft")}
              >
                {t("bmsArticles.unpublish")}
              </button>
            )}
          </div>
        </>
      )}
    </form>
  );
}
