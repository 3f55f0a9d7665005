/** Times in the back office: shown in the reader's zone and language, picked as local times. */

/** A time's date and time of day in the page's language; the runtime's with no page (a test). */
function timeFormat(): Intl.DateTimeFormat {
  const lang = typeof document === "undefined" ? "" : document.documentElement.dataset.locale;
  return new Intl.DateTimeFormat(lang || undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function formatTime(iso: string): string {
  return timeFormat().format(new Date(iso));
}

/**
 * formatTime's text in the two pieces a line may break between: the date, with the punctuation
 * after it, and the time of day. One piece where the language says the time first.
 */
export function formatTimePieces(iso: string): string[] {
  const format = timeFormat();
  const date = new Date(iso);
  // Cut format()'s own text: its parts can differ from it by a space's kind (U+202F before AM).
  const whole = format.format(date);
  const parts = format.formatToParts(date);
  const hour = parts.findIndex((part) => part.type === "hour");
  const between = parts[hour - 1];
  if (hour < 2 || between?.type !== "literal") return [whole];
  const cut = parts.slice(0, hour - 1).reduce((length, part) => length + part.value.length, 0);
  return [whole.slice(0, cut) + between.value.trimEnd(), whole.slice(cut + between.value.length)];
}

/** A `datetime-local` value (local time, no zone) as an ISO time, or null if it is not one. */
export function localToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A time as a `datetime-local` value in the browser's zone. */
export function isoToLocal(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Tomorrow at nine, a reasonable first choice for a schedule. */
export function tomorrowMorning(now = new Date()): string {
  const d = new Date(now);
  d.setDate(d.getDate() + 1);
  d.setHours(9, 0, 0, 0);
  return isoToLocal(d.toISOString());
}

/** The local date as `yyyy-mm-dd`. */
export function localDate(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
