import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import type { ChapterListItem, ChapterRecord } from "../../../shared/content.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { bindFields, FormSelectField } from "../app/form.tsx";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { DraftOrSaveButtons } from "../content/fields.tsx";
import { FormMarkdownField } from "../content/MarkdownField.tsx";
import { useSlugFollowsTitle } from "../content/slug.ts";
import { FormOrderField, TitleAndSlug } from "./fields.tsx";
import { useItemSubmit } from "./form-submit.ts";
import { useCreateChapter, useUpdateChapter } from "./queries.ts";
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
  const form = useForm<ChapterFields, unknown, ChapterValues>({
    resolver,
    defaultValues: chapterFields(editing ?? null, props.nextOrder?.(null) ?? 1),
  });
  useLeaveGuard(form.formState.isDirty);
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
      if (editing) {
        await update.mutateAsync({ id: editing.id, chapter });
        return t("bmsNotes.saved");
      }
      await create.mutateAsync({ chapter, publish });
      form.reset(chapterFields(null, latest.current?.(null) ?? 1));
      slug.restart();
      form.setFocus("title");
      return t(publish ? "bmsBooks.chapterPublished" : "bmsBooks.chapterAdded");
    },
    props.onDone,
  );

  const busy = create.isPending || update.isPending;
  const Heading = editing ? "h3" : "h2";
  return (
    <form className="bms-compose" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>
        {t(editing ? "bmsBooks.editChapter" : "bmsBooks.addChapter")}
      </Heading>
      <TitleAndSlug t={t} id={id} control={form.control} title="title" slug="slug" />
      <div className="bms-row">
        <FormSelectField
          {...bind("parentId")}
          label={t("bmsBooks.parent")}
          none={t("bmsBooks.topLevel")}
          choices={parents.map((c) => ({ value: c.id, label: c.title }))}
          disabled={hasChildren}
          toValue={(text) => text || null}
        />
        <FormOrderField {...bind("order")} />
      </div>
      <FormMarkdownField {...bind("body")} label={t("bmsBooks.body")} rows={editing ? 10 : 6} />
      <FormStatus note={busy ? t("bmsNotes.saving") : ""} failure={failure} />
      <DraftOrSaveButtons
        t={t}
        editing={Boolean(editing)}
        busy={busy}
        draftLabel={t("bmsBooks.addDraft")}
        publishLabel={t("bmsBooks.addPublished")}
        onCancel={props.onCancel}
      />
    </form>
  );
}
