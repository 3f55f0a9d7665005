import { useStore } from "@nanostores/react";
import { useWatch } from "react-hook-form";
import type { MessageKey } from "../../../i18n/core.ts";
import { api } from "../../../shared/api-client.ts";
import { PHOTO_LIMITS, type PhotoRecord } from "../../../shared/content.ts";
import { CONTENT_LANGS, CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import type { MediaRecord } from "../../../shared/kinds/media.ts";
import { $locale } from "../../../stores/locale.ts";
import { bindFields, FormTextField } from "../../ui/form-fields.tsx";
import { EditorForm, type EditorFormProps, useEditorForm } from "../app/content/editor.tsx";
import {
  EditorScheduleField,
  FormCheckField,
  FormKeptChoiceField,
} from "../app/content/fields.tsx";
import { SlugUseNote } from "../app/content/SlugUse.tsx";
import { ImageField } from "../app/media/ImageField.tsx";
import { useKeepImage } from "../app/media/queries.ts";
import { HistoryPanel } from "../app/revisions/HistoryPanel.tsx";
import { albumChoices, photoName } from "./facts.ts";
import { TakenAtField } from "./fields.tsx";
import { useAlbums, useSavePhoto } from "./queries.ts";
import { pickedImage, savedMessage } from "./request.ts";
import { emptyPhoto, PHOTO_FIELDS, photoFields, photoIssues, photoSchema } from "./schema.ts";
import { useSlugFollowsEnglishTitle } from "./slug.ts";

/** The texts in both languages, each with the longest it takes (a little over the rule). */
const BOTH_MAX = {
  title: CONTENT_LIMITS.title + 20,
  caption: PHOTO_LIMITS.caption + 50,
  alt: CONTENT_LIMITS.alt + 20,
  place: PHOTO_LIMITS.place + 20,
};

/** The longest text each other field takes (a little over the rule, to be told). */
const MAX = {
  credit: PHOTO_LIMITS.credit + 20,
  slug: CONTENT_LIMITS.slug + 20,
  tags: CONTENT_LIMITS.tags * (CONTENT_LIMITS.tag + 2),
};

/** A new photo, or one edited: its image and words, its status, and the buttons it allows. */
export function PhotoForm(props: EditorFormProps<PhotoRecord>) {
  const { t, record } = props;
  const locale = useStore($locale);
  const albums = useAlbums();
  const save = useSavePhoto();
  const keepImage = useKeepImage();
  const editor = useEditorForm({
    ...props,
    schema: photoSchema,
    empty: emptyPhoto,
    fieldsOf: photoFields,
    fields: PHOTO_FIELDS,
    issues: photoIssues,
    save: save.mutateAsync,
    savedMessage,
    keptAs: "photo",
  });
  const { id, form } = editor;
  useSlugFollowsEnglishTitle(form, !record);
  const slug = useWatch({ control: form.control, name: "slug" });

  /** An image chosen in the library: its address, its camera's time and its descriptions. */
  function pick(media: MediaRecord) {
    keepImage(media);
    const { takenAt, alt } = form.getValues();
    const picked = pickedImage(media, { takenAt, alt });
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue("image", picked.image, options);
    if (picked.takenAt) form.setValue("takenAt", picked.takenAt, options);
    if (picked.alt) form.setValue("alt", picked.alt, options);
  }

  const bind = bindFields(form.control, t, id);
  /** A text of the photo in both languages (`<name>.zh-CN`, `<name>.en-US`), side by side. */
  const both = (name: keyof typeof BOTH_MAX, more: { multiline?: boolean; hint?: string } = {}) =>
    CONTENT_LANGS.map((lang) => (
      <FormTextField
        key={lang}
        {...bind(`${name}.${lang}`)}
        label={t(`bmsPhotos.${name}${lang === "zh-CN" ? "Zh" : "En"}`)}
        maxLength={BOTH_MAX[name]}
        {...more}
      />
    ));
  /** One of the other texts, with its hint. */
  const hinted = (name: keyof typeof MAX, label: MessageKey, hint: MessageKey) => (
    <FormTextField {...bind(name)} label={t(label)} hint={t(hint)} maxLength={MAX[name]} />
  );
  return (
    <EditorForm
      editor={editor}
      words="bmsPhotos"
      name={record ? photoName(record, locale) : ""}
      fileDir="content/photos/"
      className="bms-photo-form"
      schedule={<EditorScheduleField {...bind("at")} />}
      history={
        record &&
        !editor.readOnly && (
          <HistoryPanel
            t={t}
            kind="photos"
            routes={api.admin.photos}
            words="bmsPhotos"
            item={editor.latest() ?? record}
            current={() => form.getValues()}
            // A revision holds the item's own fields by their names: over the item, it is the
            // item as it was then.
            asForm={(fields) => photoFields({ ...record, ...fields } as PhotoRecord)}
            onRestored={editor.restored}
            onFailed={(message) => props.report(false, message)}
          />
        )
      }
    >
      <ImageField
        {...bind("image")}
        label={t("bmsPhotos.image")}
        file={record?.readOnly ? record : null}
        onPick={pick}
      />
      <div className="bms-row">{both("title")}</div>
      <div className="bms-row">{both("caption", { multiline: true })}</div>
      <div className="bms-row">{both("alt", { hint: t("bmsPhotos.altHint") })}</div>
      <div className="bms-row">
        {both("place")}
        <TakenAtField {...bind("takenAt")} />
      </div>
      <div className="bms-row">
        <FormKeptChoiceField
          {...bind("album")}
          label={t("bmsPhotos.album")}
          none={t("bmsPhotos.noAlbum")}
          choices={albumChoices(albums.data?.items, locale)}
          unavailable={albums.isError && !albums.data ? t("bmsPhotos.albumsFailed") : undefined}
        />
        {hinted("tags", "bmsArticles.tags", "bmsArticles.tagsHint")}
        <FormCheckField {...bind("featured")} label={t("bmsPhotos.featuredField")} />
      </div>
      <div className="bms-row">
        {hinted("credit", "bmsPhotos.credit", "bmsPhotos.creditHint")}
        {hinted("slug", "bmsArticles.slug", "bmsPhotos.slugHint")}
      </div>
      {!editor.readOnly && <SlugUseNote t={t} kind="photo" slug={slug} except={record?.id} />}
    </EditorForm>
  );
}
