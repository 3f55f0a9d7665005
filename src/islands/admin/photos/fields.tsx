import type { Translate } from "../../../i18n/core.ts";
import { type Bound, useBoundField } from "../../ui/form-fields.tsx";
import { SecondsTimeField } from "../app/content/fields.tsx";
import type { PhotoFields, PhotoValues } from "./schema.ts";

// The photo form's own field, bound to the form: the camera's time (its image is the media
// feature's `ImageField`, its texts are `FormTextField`s, its album, featured mark and time to
// schedule for the content screens').

/**
 * When the photo was taken: the camera's local time (no zone), filled from the image's EXIF
 * when it is chosen and this is empty; to the second, as cameras write it.
 */
export function TakenAtField(bound: Bound<PhotoFields, PhotoValues, Translate>) {
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
