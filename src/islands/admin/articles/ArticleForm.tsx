import { useStore } from "@nanostores/react";
import { useWatch } from "react-hook-form";
import { api } from "../../../shared/api-client.ts";
import type { ArticleRecord } from "../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { $locale } from "../../../stores/locale.ts";
import { bindFields } from "../../ui/form-fields.tsx";
import { useCategories } from "../app/categories.ts";
import { DraftLinkControl } from "../app/content/DraftLink.tsx";
import { EditorForm, type EditorFormProps, useEditorForm } from "../app/content/editor.tsx";
import {
  EditorScheduleField,
  FormCheckField,
  FormKeptChoiceField,
  FormLangField,
} from "../app/content/fields.tsx";
import { FormMarkdownField } from "../app/content/MarkdownField.tsx";
import { SlugUseNote } from "../app/content/SlugUse.tsx";
import { useSlugFollowsTitle } from "../app/content/slug.ts";
import { LibraryField, PICKED } from "../app/media/MediaPicker.tsx";
import { HistoryPanel } from "../app/revisions/HistoryPanel.tsx";
import { ArticleTextField, categoryChoices } from "./fields.tsx";
import { useSaveArticle } from "./queries.ts";
import { savedMessage } from "./request.ts";
import {
  ARTICLE_FIELDS,
  articleFields,
  articleIssues,
  articleSchema,
  emptyArticle,
} from "./schema.ts";

/** A new article, or one edited: its fields, its status, and the buttons its status allows. */
export function ArticleForm(props: EditorFormProps<ArticleRecord>) {
  const { t, record } = props;
  const locale = useStore($locale);
  const categories = useCategories();
  const save = useSaveArticle();
  const editor = useEditorForm({
    ...props,
    schema: articleSchema,
    empty: emptyArticle,
    fieldsOf: articleFields,
    fields: ARTICLE_FIELDS,
    issues: articleIssues,
    save: save.mutateAsync,
    savedMessage,
    keptAs: "article",
  });
  const { id, form } = editor;
  useSlugFollowsTitle(form, !record);
  const summary = useWatch({ control: form.control, name: "summary" });
  const lang = useWatch({ control: form.control, name: "lang" });
  const slug = useWatch({ control: form.control, name: "slug" });
  // The fields' ids are `<id>-field-<name>`, as `bindFields` makes them.
  const field = { t, control: form.control, id: `${id}-field` };
  const bind = bindFields(form.control, t, id);
  return (
    <EditorForm
      editor={editor}
      words="bmsArticles"
      name={record?.title ?? ""}
      fileDir="content/"
      schedule={<EditorScheduleField {...bind("at")} />}
      lead={<ArticleTextField {...field} name="title" />}
      history={
        record &&
        !editor.readOnly && (
          <HistoryPanel
            t={t}
            kind="articles"
            routes={api.admin.articles}
            words="bmsArticles"
            item={editor.latest() ?? record}
            current={() => form.getValues()}
            // A revision holds the item's own fields by their names: over the item, it is the
            // item as it was then.
            asForm={(fields) => articleFields({ ...record, ...fields } as ArticleRecord)}
            onRestored={editor.restored}
            onFailed={(message) => props.report(false, message)}
          />
        )
      }
      share={
        record &&
        !editor.readOnly &&
        record.status !== "published" && <DraftLinkControl t={t} kind="article" id={record.id} />
      }
      text={
        <div className="bms-article-body">
          <FormMarkdownField
            {...bind("body")}
            label={t("bmsArticles.body")}
            rows={22}
            readOnly={editor.readOnly}
            lang={lang}
          />
        </div>
      }
    >
      <ArticleTextField {...field} name="subtitle" />
      <div className="bms-row">
        <ArticleTextField {...field} name="slug" />
        <FormLangField {...bind("lang")} label={t("bmsArticles.lang")} />
        <FormKeptChoiceField
          {...bind("category")}
          label={t("bmsArticles.category")}
          none={t("bmsArticles.chooseCategory")}
          choices={categoryChoices(categories.data?.items, locale)}
          unavailable={
            categories.isError && !categories.data ? t("bmsArticles.categoriesFailed") : undefined
          }
        />
      </div>
      {!editor.readOnly && <SlugUseNote t={t} kind="article" slug={slug} except={record?.id} />}
      <ArticleTextField {...field} name="tags" />
      <ArticleTextField
        {...field}
        name="summary"
        multiline
        counter={t("feedback.counter", {
          count: summary.trim().length,
          max: CONTENT_LIMITS.summary,
        })}
      />
      <div className="bms-row">
        <LibraryField
          t={t}
          label={t("media.picker.forCover")}
          readOnly={editor.readOnly}
          onPick={(media) => form.setValue("cover", media.src, PICKED)}
        >
          <ArticleTextField {...field} name="cover" />
        </LibraryField>
        <ArticleTextField {...field} name="coverAlt" />
      </div>
      <div className="bms-row">
        <ArticleTextField {...field} name="translationKey" />
        <FormCheckField {...bind("pinned")} label={t("bmsArticles.pinned")} />
        <FormCheckField {...bind("comments")} label={t("commentsCenter.itemSwitch")} />
      </div>
    </EditorForm>
  );
}
