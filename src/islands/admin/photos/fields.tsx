import { useStore } from "@nanostores/react";
import { useEffect, useRef } from "react";
import { useController } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import type { PhotoRecord } from "../../../shared/content.ts";
import type { MediaRecord } from "../../../shared/kinds/media.ts";
import { $locale } from "../../../stores/locale.ts";
import { type Bound, problemText, useBoundField } from "../app/form.tsx";
import { SecondsTimeField } from "../content/fields.tsx";
import { formatBytes, srcSetOf } from "../media/facts.ts";
import { ChooseFromLibrary } from "../media/MediaPicker.tsx";
import { fileImagePath } from "./facts.ts";
import { useLibraryImage } from "./queries.ts";
import type { PhotoControl, PhotoFields, PhotoValues } from "./schema.ts";

// The photo form's own fields, bound to the form: its image from the library and the camera's
// time (its texts are `FormTextField`s, its album, featured mark and time to schedule for the
// content screens').

/** What each field takes: `t`, the control and the form's id (a field's own is `<id>-<name>`). */
interface Fielded {
  t: Translate;
  id: string;
  control: PhotoControl;
}

/**
 * The photo's image: a preview of the library image chosen, its size, and Choose from the
 * library (the picker: the library's grid, or an upload into it). A file's photo names its own
 * image file, which the back office does not serve. A problem (no image yet) shows under it,
 * and focus on a failed submit goes to the button.
 */
export function ImageField({
  t,
  id,
  control,
  record,
  onPick,
}: Fielded & { record: PhotoRecord | null; onPick: (media: MediaRecord) => void }) {
  const { field, fieldState } = useController({ control, name: "image" });
  const box = useRef<HTMLFieldSetElement>(null);
  const error = problemText(t, fieldState.error?.message);
  const fieldId = `${id}-image`;
  const fromFile = record?.readOnly ?? false;
  const { ref } = field;
  useEffect(
    () => ref({ focus: () => box.current?.querySelector<HTMLElement>("button")?.focus() }),
    [ref],
  );
  return (
    <fieldset
      ref={box}
      className="bms-photo-image"
      aria-describedby={`${fieldId}-facts${error ? ` ${fieldId}-error` : ""}`}
    >
      <legend>{t("bmsPhotos.image")}</legend>
      {fromFile && record ? (
        <>
          <span className="bms-photo-preview bms-photo-placeholder">
            <span>{fileImagePath(record)}</span>
          </span>
          <p id={`${fieldId}-facts`} className="field-hint">
            {t("bmsPhotos.fileImage", { path: fileImagePath(record) })}
          </p>
        </>
      ) : (
        <>
          <Preview t={t} src={field.value} factsId={`${fieldId}-facts`} />
          <ChooseFromLibrary
            t={t}
            label={t(field.value ? "bmsPhotos.changeImage" : "bmsPhotos.chooseImage")}
            onPick={onPick}
          />
        </>
      )}
      {error && (
        <span id={`${fieldId}-error`} className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** The chosen library image, as large as the form allows, with its size under it. */
function Preview({ t, src, factsId }: { t: Translate; src: string; factsId: string }) {
  const locale = useStore($locale);
  const image = useLibraryImage(src);
  const media = image.data;
  const avif = media ? srcSetOf(media.variants, "avif") : "";
  const line = !src
    ? t("bmsPhotos.noImage")
    : media
      ? t("bmsPhotos.imageSize", {
          width: media.width,
          height: media.height,
          bytes: formatBytes(media.bytes, locale),
        })
      : image.isError
        ? t("bmsPhotos.imageGone")
        : t("bmsPhotos.imageLoading");
  return (
    <>
      {media ? (
        <span className="bms-photo-preview" style={{ backgroundColor: media.color }}>
          <picture>
            {avif && <source type="image/avif" srcSet={avif} sizes="36rem" />}
            <img
              src={media.src}
              srcSet={srcSetOf(media.variants, "webp")}
              sizes="36rem"
              alt=""
              width={media.width}
              height={media.height}
              decoding="async"
            />
          </picture>
        </span>
      ) : (
        <span className="bms-photo-preview bms-photo-placeholder" />
      )}
      <p id={factsId} className="field-hint" aria-live="polite">
        {line}
      </p>
    </>
  );
}

/**
 * When the photo was taken: the camera's local time (no zone), filled from the image's EXIF
 * when it is chosen and this is empty; to the second, as cameras write it.
 */
export function TakenAtField(bound: Bound<PhotoFields, PhotoValues>) {
  const { t } = bound;
  return (
    <SecondsTimeField
      {...useBoundField(bound)}
      name="takenAt"
      label={t("bmsPhotos.takenAt")}
      hint={t("bmsPhotos.takenAtHint")}
    />
  );
}
