import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";

/**
 * A slug suggested from a title: Latin letters (accents dropped) and digits joined by single
 * hyphens. Empty when the title has none (a Chinese title): the person writes one.
 */
export function suggestSlug(title: string, max: number = CONTENT_LIMITS.slug): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) break;
    slug = next;
  }
  return slug;
}
