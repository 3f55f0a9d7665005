import { useStore } from "@nanostores/react";
import { type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import type { MessageKey, Translate } from "../../i18n/core.ts";
import { api } from "../../shared/api-client.ts";
import { type CategoryRecord, CONTENT_LIMITS, SLUG } from "../../shared/content-rules.ts";
import type { FieldIssue } from "../../shared/envelope.ts";
import { $locale } from "../../stores/locale.ts";
import { FormStatus, focusFirstProblem } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { call, failureText } from "./content/api-call.ts";
import { ItemActions, useInlineEdit } from "./content/ItemActions.tsx";
import { ContentSection, useContentList } from "./content/list.tsx";
import type { ScreenProps } from "./screen-props.ts";
import "./content/content.css";
import "./content/articles.css";

interface CategoryValues {
  slug: string;
  nameZh: string;
  nameEn: string;
  order: string;
}

type Problems = Partial<Record<keyof CategoryValues, MessageKey>>;

const ORDER: ReadonlyArray<keyof CategoryValues> = ["slug", "nameZh", "nameEn", "order"];

/** The API's category rules, in the browser; `withSlug` false for an edit (the slug stays). */
export function checkCategory(values: CategoryValues, withSlug: boolean): Problems {
  const p: Problems = {};
  if (withSlug) {
    if (!values.slug) p.slug = "bmsCategories.problems.slugRequired";
    else if (values.slug.length > CONTENT_LIMITS.slug || !SLUG.test(values.slug)) {
      p.slug = "bmsCategories.problems.slugInvalid";
    }
  }
  for (const key of ["nameZh", "nameEn"] as const) {
    const name = values[key].trim();
    if (!name) p[key] = "bmsCategories.problems.nameRequired";
    else if (name.length > CONTENT_LIMITS.categoryName)
      p[key] = "bmsCategories.problems.nameTooLong";
  }
  const order = values.order.trim();
  if (order && (!/^-?\d+$/.test(order) || Math.abs(Number(order)) > CONTENT_LIMITS.order)) {
    p.order = "bmsCategories.problems.orderInvalid";
  }
  return p;
}

const requestOf = (values: CategoryValues) => ({
  name: { "zh-CN": values.nameZh.trim(), "en-US": values.nameEn.trim() },
  order: Number(values.order.trim() || "0"),
});

const path = (slug: string) => `/admin/categories/${encodeURIComponent(slug)}`;

/** Why a category could not be deleted (409), in our words when the server names the user. */
/** Why a category cannot be deleted, from the issue the server names (an article or a file). */
export function inUseMessage(
  t: Translate,
  result: { message: string; issues: FieldIssue[] },
): string {
  const issue = result.issues.find((i) => i.key?.startsWith("bmsCategories.inUse"));
  const values = issue?.values ?? {};
  if (issue?.key === "bmsCategories.inUseArticle") return t("bmsCategories.inUseArticle", values);
  if (issue?.key === "bmsCategories.inUseFile") return t("bmsCategories.inUseFile", values);
  return failureText(t, result);
}

/** Article categories: every one (files' read-only), inline edits, deletes, and an add form. */
export function CategoriesScreen({ t }: ScreenProps) {
  const locale = useStore($locale);
  const list = useContentList<CategoryRecord>("/admin/categories", {}, CONTENT_LIMITS.pageSize, 0);
  return (
    <div className="bms-content bms-categories">
      <ContentSection
        t={t}
        ns="bmsCategories"
        list={list}
        retry
        pagerIfMany
        item={(category) => (
          <CategoryItem
            key={category.slug}
            t={t}
            category={category}
            name={category.name[locale]}
            onDone={list.report}
            onDeleted={() => list.deleted(t("bmsCategories.deleted", { slug: category.slug }))}
          />
        )}
      />
      <AddCategory
        t={t}
        onAdded={(name) => list.report(true, t("bmsCategories.added", { name }))}
      />
    </div>
  );
}

interface ItemProps {
  t: Translate;
  category: CategoryRecord;
  name: string;
  onDone: (ok: boolean, message: string) => void;
  onDeleted: () => void;
}

function CategoryItem({ t, category, name, onDone, onDeleted }: ItemProps) {
  const id = useId();
  const { editing, editButton, open, close } = useInlineEdit<true>();

  async function remove() {
    const result = await call(api.delete(path(category.slug)));
    if (result.ok) onDeleted();
    else onDone(false, result.code === 409 ? inUseMessage(t, result) : failureText(t, result));
    return result.ok;
  }

  return (
    <li className="bms-item">
      <div className="bms-item-head">
        <h3 id={`${id}-name`}>{name}</h3>
        <code>{category.slug}</code>
      </div>
      <ul className="bms-facts">
        <li>{t("bmsCategories.nameZhValue", { name: category.name["zh-CN"] })}</li>
        <li>{t("bmsCategories.nameEnValue", { name: category.name["en-US"] })}</li>
        <li>{t("bmsCategories.orderValue", { order: category.order })}</li>
        <li>{t("bmsContent.sourceValue", { source: t(`bmsNotes.sources.${category.source}`) })}</li>
      </ul>
      {category.readOnly ? (
        <p className="bms-file">
          {t("bmsCategories.inFile", { file: category.file ?? "content/categories.json" })}
        </p>
      ) : editing ? (
        <CategoryForm
          t={t}
          editing={category}
          onSaved={() => {
            close();
            onDone(true, t("bmsCategories.saved", { slug: category.slug }));
          }}
          onCancel={close}
        />
      ) : (
        <ItemActions
          t={t}
          describedBy={`${id}-name`}
          editLabel={t("bmsCategories.edit")}
          editRef={editButton}
          onEdit={() => open(true)}
          question={t("bmsCategories.askDelete", { name })}
          onDelete={remove}
        />
      )}
    </li>
  );
}

function AddCategory({ t, onAdded }: { t: Translate; onAdded: (name: string) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-add`}>
      <CategoryForm t={t} headingId={`${id}-add`} onSaved={onAdded} />
    </section>
  );
}

interface FormProps {
  t: Translate;
  /** The category being edited in place; none to add one. */
  editing?: CategoryRecord;
  /** The add form's heading id. */
  headingId?: string;
  onSaved: (name: string) => void;
  onCancel?: () => void;
}

const emptyValues: CategoryValues = { slug: "", nameZh: "", nameEn: "", order: "" };

function CategoryForm({ t, editing, headingId, onSaved, onCancel }: FormProps) {
  const id = useId();
  const locale = useStore($locale);
  const [values, setValues] = useState<CategoryValues>(
    editing
      ? {
          slug: editing.slug,
          nameZh: editing.name["zh-CN"],
          nameEn: editing.name["en-US"],
          order: String(editing.order),
        }
      : emptyValues,
  );
  const [shown, setShown] = useState(false);
  const [server, setServer] = useState<Problems>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const problems = shown ? checkCategory(values, !editing) : {};

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when an edit opens
  useEffect(() => {
    if (editing) form.current?.querySelector<HTMLElement>('[name="nameZh"]')?.focus();
  }, []);

  const set = (key: keyof CategoryValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (server[key]) setServer((s) => ({ ...s, [key]: undefined }));
  };
  const error = (key: keyof CategoryValues) => {
    const k = problems[key] ?? server[key];
    return k ? t(k) : undefined;
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setShown(true);
    setServer({});
    setFailure("");
    const found = checkCategory(values, !editing);
    if (form.current && focusFirstProblem(form.current, ORDER, found)) {
      setFailure(t("bmsContent.checkFields"));
      return;
    }
    setBusy(true);
    const result = await call(
      editing
        ? api.put<CategoryRecord>(path(editing.slug), requestOf(values))
        : api.post<CategoryRecord>("/admin/categories", {
            slug: values.slug,
            ...requestOf(values),
          }),
    );
    setBusy(false);
    if (result.ok) {
      if (!editing) {
        setValues(emptyValues);
        setShown(false);
      }
      onSaved(result.data.name[locale]);
      return;
    }
    const field = result.field?.split(".")[0];
    if (!editing && (result.code === 409 || field === "slug")) {
      setServer({
        slug:
          result.code === 409
            ? "bmsCategories.problems.slugTaken"
            : "bmsCategories.problems.slugInvalid",
      });
      setFailure(t("bmsContent.checkFields"));
      form.current?.querySelector<HTMLElement>('[name="slug"]')?.focus();
    } else setFailure(t("bmsContent.failure", { message: result.message }));
  }

  const fields = (
    <>
      {!editing && (
        <TextField
          id={`${id}-slug`}
          name="slug"
          label={t("bmsCategories.slug")}
          hint={t("bmsCategories.slugHint")}
          value={values.slug}
          onChange={set("slug")}
          maxLength={CONTENT_LIMITS.slug + 20}
          error={error("slug")}
        />
      )}
      <div className="bms-row">
        <TextField
          id={`${id}-zh`}
          name="nameZh"
          label={t("bmsCategories.nameZh")}
          value={values.nameZh}
          onChange={set("nameZh")}
          maxLength={CONTENT_LIMITS.categoryName + 10}
          error={error("nameZh")}
        />
        <TextField
          id={`${id}-en`}
          name="nameEn"
          label={t("bmsCategories.nameEn")}
          value={values.nameEn}
          onChange={set("nameEn")}
          maxLength={CONTENT_LIMITS.categoryName + 10}
          error={error("nameEn")}
        />
        <TextField
          id={`${id}-order`}
          name="order"
          label={t("bmsCategories.order")}
          hint={t("bmsCategories.orderHint")}
          inputMode="numeric"
          value={values.order}
          onChange={set("order")}
          maxLength={8}
          error={error("order")}
        />
      </div>
      <FormStatus note={busy ? t("bmsArticles.working") : ""} failure={failure} />
      <div className="bms-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {editing ? t("bmsCategories.save") : t("bmsCategories.addButton")}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t("bmsCategories.cancel")}
          </button>
        )}
      </div>
    </>
  );

  return editing ? (
    <form ref={form} noValidate onSubmit={submit}>
      <fieldset className="bms-category-edit">
        <legend>{t("bmsCategories.editing", { slug: editing.slug })}</legend>
        {fields}
      </fieldset>
    </form>
  ) : (
    <form
      ref={form}
      className="bms-compose bms-category-form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={submit}
    >
      <h2 id={headingId}>{t("bmsCategories.add")}</h2>
      {fields}
    </form>
  );
}
