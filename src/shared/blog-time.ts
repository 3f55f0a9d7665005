// The blog's own time zone: the days its pages print and group by (src/lib/content.ts) and the
// days readership is counted in (src/server/readership/). No dependencies, so any side may import it.

export const BLOG_TIME_ZONE = "Asia/Shanghai";

// Formatters are costly to create and cheap to reuse: one for the whole process.
const dayFormat = new Intl.DateTimeFormat("sv-SE", { timeZone: BLOG_TIME_ZONE });

/** Local date (the blog's own zone) as YYYY-MM-DD. */
export function dayOf(date: Date): string {
  return dayFormat.format(date);
}
