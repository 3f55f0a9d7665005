import { useStore } from "@nanostores/react";
import { useEffect, useRef } from "react";
import { type FieldValues, useController } from "react-hook-form";
import type { Translate } from "../../../../i18n/core.ts";
import type { MediaRecord } from "../../../../shared/kinds/media.ts";
import { $locale } from "../../../../stores/locale.ts";
import { type Bound, problemText } from "../../../ui/form-fields.tsx";
import { FileThumb } from "./FileThumb.tsx";
import { type FileImageItem, fileImagePath, formatBytes, srcSetOf } from "./facts.ts";
import { ChooseFromLibrary } from "./MediaPicker.tsx";
import { useLibraryImage } from "./queries.ts";

/**
 * A form's image that must be a library image (a photo's, a banner's, a link's icon, which
 * `clearLabel` lets the owner take away again), bound to its form: a
 * preview of the image chosen, its size, and Choose from the library (the picker: the library's
 * grid, or an upload into it). An item written in a file (`file`) shows its own image file as the
 * site serves it and names it. A problem (no image yet) shows under it, and focus on a failed
 * submit goes to the button.
 */
export function ImageField<Values extends FieldValues, Output extends FieldValues>({
  t,
  id,
  control,
  name,
  label,
  file,
  onPick,
  clearLabel,
}: Bound<Values, Output, Translate> & {
  label: string;
  /** An image that may be left out (a link's icon): the button that takes it away. */
  clearLabel?: string | undefined;
  /** A read-only item written in a file, whose image is its own; null for a library image. */
  file: FileImageItem | null;
  onPick: (media: MediaRecord) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  const box = useRef<HTMLFieldSetElement>(null);
  const error = problemText(t, fieldState.error?.message);
  const value = typeof field.value === "string" ? field.value : "";
  const { ref } = field;
  useEffect(
    () => ref({ focus: () => box.current?.querySelector<HTMLElement>("button")?.focus() }),
    [ref],
  );
  return (
    <fieldset
      ref={box}
      className="bms-image-field"
      aria-describedby={`${id}-facts${error ? ` ${id}-error` : ""}`}
    >
      <legend>{label}</legend>
      {file !== null ? (
        <>
          <FileThumb item={file} className="bms-image-preview" />
          <p id={`${id}-facts`} className="field-hint">
            {t("bmsPhotos.fileImage", { path: fileImagePath(file) })}
          </p>
        </>
      ) : (
        <>
          <Preview t={t} src={value} factsId={`${id}-facts`} />
          <ChooseFromLibrary
            t={t}
            label={t(value ? "bmsPhotos.changeImage" : "bmsPhotos.chooseImage")}
            onPick={onPick}
          />
          {clearLabel && value && (
            <button
              type="button"
              className="button"
              onClick={() => {
                field.onChange("");
                box.current?.querySelector<HTMLElement>("button")?.focus();
              }}
            >
              {clearLabel}
            </button>
          )}
        </>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
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
        <span className="bms-image-preview" style={{ backgroundColor: media.color }}>
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
        <span className="bms-image-preview bms-image-placeholder" />
      )}
      <p id={factsId} className="field-hint" aria-live="polite">
        {line}
      </p>
    </>
  );
}
