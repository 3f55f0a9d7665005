import type { Translate } from "../../../../i18n/core.ts";
import type { ListWords } from "../ListSection.tsx";

/** The content lists whose messages name their words alike. */
export type ContentList =
  | "bmsNotes"
  | "bmsBooks"
  | "bmsArticles"
  | "bmsCategories"
  | "bmsAlbums"
  | "bmsBanners"
  | "bmsNav";

/**
 * A content list's words for `ListSection`, from its messages: `<ns>.list`, `.total`,
 * `.loading`, `.failed`, `.empty`, and the content screens' Retry.
 */
export function contentListWords(t: Translate, ns: ContentList): ListWords {
  return {
    title: t(`${ns}.list`),
    total: (count) => t(`${ns}.total`, { count }),
    loading: t(`${ns}.loading`),
    failed: t(`${ns}.failed`),
    empty: t(`${ns}.empty`),
    retry: t("bmsContent.retry"),
  };
}
