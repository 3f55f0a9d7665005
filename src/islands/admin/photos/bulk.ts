import type { Translate } from "../../../i18n/core.ts";
import type { ContentLang, PhotoRecord } from "../../../shared/content.ts";
import { type BulkOutcome, type BulkWords, bulkLine } from "../media/bulk.ts";
import { photoName } from "./facts.ts";
import type { BulkAction } from "./queries.ts";

// What the photo list does to several photos at once says in one line how it went, as the media
// library's bulk tools do (`bulkLine`): only its words and a photo's name are its own.

const item = "bmsPhotos.bulk.item";
const WORDS = {
  publish: { done: "bmsPhotos.bulk.published", refused: "bmsPhotos.bulk.notPublished", item },
  unpublish: { done: "bmsPhotos.bulk.unpublished", refused: "bmsPhotos.bulk.notUnpublished", item },
  delete: { done: "bmsPhotos.bulk.deleted", refused: "bmsPhotos.bulk.notDeleted", item },
  album: { done: "bmsPhotos.bulk.moved", refused: "bmsPhotos.bulk.notMoved", item },
} as const satisfies Record<BulkAction, BulkWords>;

/**
 * The one line after a bulk action, each refused photo by its title in the interface language
 * ("Published 3 of 5. Not published: “Fog”: … “Lake”: …").
 */
export const photoBulkSummary = (
  t: Translate,
  action: BulkAction,
  outcome: BulkOutcome<Pick<PhotoRecord, "title" | "slug">>,
  locale: ContentLang,
): string => bulkLine(t, WORDS[action], outcome, (photo) => photoName(photo, locale));

/** The photos a bulk action may act on: those of the database (a file's is read-only). */
export const actionable = <T extends Pick<PhotoRecord, "readOnly">>(photos: readonly T[]) =>
  photos.filter((photo) => !photo.readOnly);
