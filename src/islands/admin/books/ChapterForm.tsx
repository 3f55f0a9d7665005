import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { api } from "../../../shared/api-client.ts";
import type { ChapterListItem, ChapterRecord } from "../../../shared/content.ts";
import { FormStatus, useStatusLine } from "../../ui/FormStatus.tsx";
import { bindFields } from "../../ui/form-fields.tsx";
import { DraftLinkControl } from "../app/content/DraftLink.tsx";
import { DraftOrSaveButtons, FormCheckField } from "../app/content/fields.tsx";
import { KeptOffer } from "../app/content/KeptOffer.tsx";
import { useKeeping } from "../app/content/keeping.ts";
import { FormMarkdownField } from "../app/content/MarkdownField.tsx";
import { useSlugFollowsTitle } from "../app/content/slug.ts";
import { FormSelectField } from "../app/form.tsx";
import { HistoryPanel } from "../app/revisions/HistoryPanel.tsx";
import { FormOrderField, TitleAndSlug } from "./fields.tsx";
import { useItemSubmit } from "./form-submit.ts";
import { chaptersKey, useCreateChapter, useUpdateChapter } from "./queries.ts";
import {
  CHAPTER_FIELDS,
  type ChapterFields,
  type ChapterValues,
  chapterFields,
  chapterSchema,
} from "./schema.ts";

const resolver = zodResolver(chapterSchema);

interface Props {
  t: Translate;
  bookId: string;
  /** The book's top-level chapters: the parents a chapter may take. */
  tops: ChapterListItem[];
  /** The chapter edited in place; absent, the form adds one. */
  editing?: ChapterRecord;
  /** A chapter with sub-chapters stays top-level. */
  hasChildren?: boolean;
  /** The order that puts a new chapter last under a parent (a new chapter's suggestion). */
  nextOrder?: (parentId: string | null) => number;
  onDone: (message: string) => void;
  onCancel?: () => void;
}

/** Adds a chapter to the book (a draft or published), or edits one in place. */
export function ChapterForm({ t, bookId, tops, editing, hasChildren = false, ...props }: Props) {
  const id = useId();
  const create = useCreateChapter(bookId);
  const update = useUpdateChapter(bookId);
  const { line, report, clear } = useStatusLine();
  const [first] = useState(() => chapterFields(editing ?? null, props.nextOrder?.(null) ?? 1));
  const form = useForm<ChapterFields, unknown, ChapterValues>({ resolver, defaultValues: first });
  const keeping = useKeeping({
    t,
    form,
    record: editing ?? null,
    readOnly: false,
    keptAs: `chapter:${bookId}`,
    first,
    report,
    autosave: {
      schema: chapterSchema,
      save: (chapter, values) =>
        update.mutateAsync({
          id: chapter.id,
          updatedAt: chapter.updatedAt,
          chapter: values,
          autosave: true,
        }),
    },
  });
  const bind = bindFields(form.control, t, id);
  const slug = useSlugFollowsTitle(form, !editing);
  const parents = tops.filter((c) => c.id !== editing?.id && !c.readOnly);

  // A new chapter's order follows the list until the person types one: last under its parent,
  // after an add too (`latest` is the list's newest rule, for the reset after an add).
  const parentId = useWatch({ control: form.control, name: "parentId" });
  const suggested = props.nextOrder?.(parentId ?? null);
  const orderTyped = form.formState.dirtyFields.order === true;
  const latest = useRef(props.nextOrder);
  useEffect(() => {
    latest.current = props.nextOrder;
  });
  useEffect(() => {
    if (suggested !== undefined && !orderTyped) {
      form.resetField("order", { defaultValue: String(suggested) });
    }
  }, [suggested, orderTyped, form]);

  const { submit, failure } = useItemSubmit(
    t,
    form,
    CHAPTER_FIELDS,
    async (chapter, publish) => {
      const force = await keeping.beforeSave();
      clear();
      const edited = keeping.latest();
      if (edited) {
        const saved = await update.mutateAsync({
          id: edited.id,
          updatedAt: edited.updatedAt,
          chapter,
          force,
        });
        keeping.afterSave(saved);
        return t("bmsNotes.saved");
      }
      const added = await create.mutateAsync({ chapter, publish });
      keeping.afterSave(added);
      form.reset(chapterFields(null, latest.current?.(null) ?? 1));
      slug.restart();
      form.setFocus("title");
      return t(publish ? "bmsBooks.chapterPublished" : "bmsBooks.chapterAdded");
    },
    props.onDone,
    keeping.refused,
  );

  const busy = create.isPending || update.isPending;
  const Heading = editing ? "h3" : "h2";
  return (
    <form className="bms-compose" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>
        {t(editing ? "bmsBooks.editChapter" : "bmsBooks.addChapter")}
      </Heading>
      <KeptOffer t={t} id={id} keeping={keeping} words="bmsBooks" />
      <TitleAndSlug t={t} id={id} control={form.control} title="title" slug="slug" />
      <div className="bms-row">
        <FormSelectField
          {...bind("parentId")}
          label={t("bmsBooks.parentId")}
          none={t("bmsBooks.topLevel")}
          choices={parents.map((c) => ({ value: c.id, label: c.title }))}
          disabled={hasChildren}
          toValue={(text) => text || null}
        />
        <FormOrderField {...bind("order")} />
      </div>
      <FormMarkdownField {...bind("body")} label={t("bmsBooks.body")} rows={editing ? 10 : 6} />
      <FormCheckField {...bind("comments")} label={t("commentsCenter.itemSwitch")} />
      {editing && !editing.readOnly && (
        <HistoryPanel
          t={t}
          kind={chaptersKey(bookId)[0]}
          routes={api.admin.chapters}
          words="bmsBooks"
          item={keeping.latest() ?? editing}
          current={() => form.getValues()}
          // A revision holds the chapter's own fields by their names: over the chapter, it is
          // the chapter as it was then.
          asForm={(fields) => chapterFields({ ...editing, ...fields } as ChapterRecord, 1)}
          onRestored={(chapter, savedAt) =>
            keeping.restored(chapter, chapterFields(chapter, 1), savedAt)
          }
          onFailed={(message) => report(false, message)}
        />
      )}
      {editing && !editing.readOnly && editing.status !== "published" && (
        <DraftLinkControl t={t} kind="chapter" id={editing.id} />
      )}
      <FormStatus
        note={busy ? t("bmsNotes.saving") : line.note}
        failure={failure || line.failure}
      />
      <DraftOrSaveButtons
        t={t}
        editing={Boolean(editing)}
        busy={busy}
        draftLabel={t("bmsBooks.addDraft")}
        publishLabel={t("bmsBooks.addPublished")}
        onCancel={
          props.onCancel &&
          (() => {
            // Given up on purpose: nothing of the edit is offered back.
            void keeping.discard();
            props.onCancel?.();
          })
        }
        saveOver={keeping.conflict ? () => keeping.saveOver(() => void submit()) : undefined}
      />
    </form>
  );
}
