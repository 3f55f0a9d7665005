import { type ChatKey, LOCALES, type Locale, translator } from "../../i18n/chat.ts";

/**
 * A message in both languages, one span each, the page's CSS showing the interface's: the
 * island's server render needs no locale, hydration never mismatches, and a switch of language
 * changes every line at once, live regions included (a hidden span is not read).
 */
export function Both({
  k,
  values,
  className,
}: {
  k: ChatKey;
  values?: Record<string, string | number> | undefined;
  className?: string | undefined;
}) {
  return LOCALES.map((l) => (
    <span key={l} className={className} data-lang={l} lang={l}>
      {translator(l)(k, values)}
    </span>
  ));
}

/** Both languages' words for something only a program formats (a date). */
export function BothFormatted({ format }: { format: (locale: Locale) => string }) {
  return LOCALES.map((l) => (
    <span key={l} data-lang={l} lang={l}>
      {format(l)}
    </span>
  ));
}
