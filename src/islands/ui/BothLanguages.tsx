import { LOCALES, type ReaderKey, translator } from "../../i18n/reader.ts";

/**
 * A message in both languages, one span each, the page's CSS showing the current one: as
 * everywhere static, so an island's server render needs no locale and hydrates without a mismatch.
 */
export function BothLanguages({ k, className }: { k: ReaderKey; className?: string }) {
  return LOCALES.map((l) => (
    <span key={l} className={className} data-lang={l} lang={l}>
      {translator(l)(k)}
    </span>
  ));
}
