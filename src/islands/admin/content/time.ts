/** Times in the back office: shown in the reader's zone and language, picked as local times. */

export function formatTime(iso: string): string {
  // The page's language; the runtime's where there is no page (a test).
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  return new Date(iso).toLocaleString(lang || undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  });
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
