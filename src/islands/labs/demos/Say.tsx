import { type LabsKey, LOCALES, translator } from "../../../i18n/labs.ts";

/**
 * A message in both languages, one span each, the page's CSS showing the current one: what the
 * server renders is then right for every reader, hydration never mismatches, and a language switch
 * is one attribute change, with values that change as the demo runs.
 */
export function Say({ k, values }: { k: LabsKey; values?: Record<string, string | number> }) {
  return LOCALES.map((l) => (
    <span key={l} data-lang={l} lang={l}>
      {translator(l)(k, values)}
    </span>
  ));
}
