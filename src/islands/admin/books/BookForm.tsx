import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import type { BookRecord } from "../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { $locale } from "../../../stores/locale.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { bindFields, FormTextField } from "../../ui/form-fields.tsx";
import { DraftOrSaveButtons, FormLangField } from "../app/content/fields.tsx";
import { SlugUseNote } from "../app/content/SlugUse.tsx";
import { useSlugFollowsTitle } from "../app/content/slug.ts";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { LibraryField, PICKED } from "../app/media/MediaPicker.tsx";
import { FormOrderField, TitleAndSlug } from "./fields.tsx";
import { useItemSubmit } from "./form-submit.ts";
import { useCreateBook, useUpdateBook } from "./queries.ts";
import { BOOK_FIELDS, type BookFields, type BookValues, bookFields, bookSchema } from "./schema.ts";

const resolver = zodResolver(bookSchema);

/** A new book (`editing` absent), or a book's fields edited in place. */
export function BookForm({
  t,
  editing,
  onDone,
  onCancel,
}: {
  t: Translate;
  editing?: BookRecord;
  onDone: (message: string) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const create = useCreateBook();
  const update = useUpdateBook();
  const form = useForm<BookFields, unknown, BookValues>({
    resolver,
    defaultValues: bookFields(editing ?? null, $locale.get()),
  });
  useLeaveGuard(form.formState.isDirty);
  const bind = bindFields(form.control, t, id);
  const slug = useSlugFollowsTitle(form, !editing);
  const slugTyped = useWatch({ control: form.control, name: "slug" });
  const description = useWatch({ control: form.control, name: "description" });

  const { submit, failure } = useItemSubmit(
    t,
    form,
    BOOK_FIELDS,
    async (book, publish) => {
      if (editing) {
        const saved = await update.mutateAsync({ id: editing.id, book });
        return t(saved.status === "draft" ? "bmsNotes.saved" : "bmsNotes.savedLive");
      }
      await create.mutateAsync({ book, publish });
      form.reset(bookFields(null, $locale.get()));
      slug.restart();
      return t(publish ? "bmsBooks.createdLive" : "bmsBooks.created");
    },
    onDone,
  );

  const busy = create.isPending || update.isPending;
  const Heading = editing ? "h3" : "h2";
  return (
    <form className="bms-compose" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{t(editing ? "bmsBooks.editBook" : "bmsBooks.newBook")}</Heading>
      <TitleAndSlug t={t} id={id} control={form.control} title="title" slug="slug" />
      <SlugUseNote t={t} kind="book" slug={slugTyped} except={editing?.id} />
      <FormTextField
        {...bind("description")}
        label={t("bmsBooks.description")}
        maxLength={CONTENT_LIMITS.description}
        multiline
        counter={`${description.length} / ${CONTENT_LIMITS.description}`}
      />
      <div className="bms-row">
        <FormLangField {...bind("lang")} label={t("bmsBooks.lang")} />
        <FormOrderField {...bind("order")} />
      </div>
      <LibraryField
        t={t}
        label={t("media.picker.forCover")}
        onPick={(media) => form.setValue("cover", media.src, PICKED)}
      >
        <FormTextField
          {...bind("cover")}
          label={t("bmsBooks.cover")}
          hint={t("bmsBooks.coverHint")}
          inputMode="url"
          maxLength={CONTENT_LIMITS.url}
        />
      </LibraryField>
      <FormTextField
        {...bind("translationKey")}
        label={t("bmsBooks.translationKey")}
        hint={t("bmsBooks.translationKeyHint")}
        maxLength={CONTENT_LIMITS.slug}
        autoComplete="off"
      />
      <FormStatus note={busy ? t("bmsNotes.saving") : ""} failure={failure} />
      <DraftOrSaveButtons
        t={t}
        editing={Boolean(editing)}
        busy={busy}
        draftLabel={t("bmsNotes.saveDraft")}
        publishLabel={t("bmsNotes.publishNow")}
        onCancel={onCancel}
      />
    </form>
  );
}
