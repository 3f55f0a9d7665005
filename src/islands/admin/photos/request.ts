import type { BothLanguages } from "../../../shared/content.ts";
import type { MediaRecord } from "../../../shared/kinds/media.ts";
import { savedMessageIn } from "../app/content/editor-save.ts";

// The photo editor's requests are every content editor's (`app/content/editor-save.ts`); its own are
// the line that says what a save did, and the fields an image chosen in the library fills.

export { createRequest, publishRequest, updateRequest } from "../app/content/editor-save.ts";

/** What the status line says once a photo is saved (`{{time}}` is its publish time). */
export const savedMessage = savedMessageIn("bmsPhotos");

/** What an image chosen in the library sets of the form: its address, and what is still blank. */
export interface PickedImage {
  image: string;
  /** The camera's time, when the form has none yet and the image has one. */
  takenAt?: string;
  /** The image's descriptions, in each language the form has none for yet. */
  alt?: BothLanguages;
}

const CAMERA_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?/;

/**
 * The fields an image chosen in the library fills: `image` is its address; `takenAt` comes from
 * its EXIF when the form's is empty (the camera's local time, as `datetime-local` holds it);
 * each language's description comes from the image's own when the form's is empty.
 */
export function pickedImage(
  media: Pick<MediaRecord, "src" | "alt" | "exif">,
  form: { takenAt: string; alt: BothLanguages },
): PickedImage {
  const picked: PickedImage = { image: media.src };
  // A camera's time as `datetime-local` takes it (seconds at most, no zone); any other is left.
  const taken = CAMERA_TIME.exec(media.exif.takenAt ?? "")?.[0];
  if (!form.takenAt.trim() && taken) picked.takenAt = taken;
  const alt = {
    "zh-CN": form.alt["zh-CN"].trim() ? form.alt["zh-CN"] : media.alt["zh-CN"],
    "en-US": form.alt["en-US"].trim() ? form.alt["en-US"] : media.alt["en-US"],
  };
  if (alt["zh-CN"] !== form.alt["zh-CN"] || alt["en-US"] !== form.alt["en-US"]) picked.alt = alt;
  return picked;
}
