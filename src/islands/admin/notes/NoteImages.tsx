import { useEffect, useRef } from "react";
import { useController, useFieldArray, useWatch } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { FormTextField } from "../../ui/form-fields.tsx";
import { ChooseFromLibrary } from "../app/media/MediaPicker.tsx";
import type { NoteControl } from "./schema.ts";

/**
 * A picture's image from the media library: its address, and its description from the image's
 * alt text in the note's language when it has none yet.
 */
function PictureFromLibrary({ t, control, i }: { t: Translate; control: NoteControl; i: number }) {
  const src = useController({ control, name: `images.${i}.src` }).field;
  const alt = useController({ control, name: `images.${i}.alt` }).field;
  const lang = useWatch({ control, name: "lang" });
  return (
    <ChooseFromLibrary
      t={t}
      label={t("media.picker.forPicture", { n: i + 1 })}
      onPick={(media) => {
        src.onChange(media.src);
        if (!alt.value?.trim()) alt.onChange(media.alt[lang]);
      }}
    />
  );
}

/**
 * A note's pictures, a row each (address and description). Adding one focuses its address;
 * removing one focuses the next row's address, or the previous one's, or Add a picture.
 */
export function NoteImages({ t, id, control }: { t: Translate; id: string; control: NoteControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: "images" });
  const focusAfter = useRef<string | null>(null);
  const srcId = (key: string) => `${id}-img-${key}-src`;

  // Runs after every commit: the element asked for may exist only after a later one.
  useEffect(() => {
    const target = focusAfter.current ? document.getElementById(focusAfter.current) : null;
    if (target) {
      target.focus();
      focusAfter.current = null;
    }
  });

  return (
    <fieldset className="bms-images" aria-describedby={`${id}-images-hint`}>
      <legend>{t("bmsNotes.images")}</legend>
      <span id={`${id}-images-hint`} className="field-hint">
        {t("bmsNotes.imagesHint")}
      </span>
      {fields.length > 0 && (
        <ol>
          {fields.map((image, i) => (
            <li key={image.id} className="bms-image-row">
              <FormTextField
                control={control}
                t={t}
                id={srcId(image.id)}
                name={`images.${i}.src`}
                label={t("bmsNotes.imageSrc", { n: i + 1 })}
                inputMode="url"
                maxLength={CONTENT_LIMITS.url}
              />
              <FormTextField
                control={control}
                t={t}
                id={`${id}-img-${image.id}-alt`}
                name={`images.${i}.alt`}
                label={t("bmsNotes.imageAlt", { n: i + 1 })}
                maxLength={CONTENT_LIMITS.alt}
              />
              <PictureFromLibrary t={t} control={control} i={i} />
              <button
                type="button"
                className="button"
                onClick={() => {
                  const next = fields[i + 1] ?? fields[i - 1];
                  focusAfter.current = next ? srcId(next.id) : `${id}-add-image`;
                  remove(i);
                }}
              >
                {t("bmsNotes.removeImage", { n: i + 1 })}
              </button>
            </li>
          ))}
        </ol>
      )}
      {fields.length < CONTENT_LIMITS.noteImages && (
        <button
          id={`${id}-add-image`}
          type="button"
          className="button bms-add-image"
          onClick={() => append({ src: "", alt: "" }, { focusName: `images.${fields.length}.src` })}
        >
          {t("bmsNotes.addImage")}
        </button>
      )}
    </fieldset>
  );
}
