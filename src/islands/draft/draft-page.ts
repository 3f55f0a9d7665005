import type { DraftPage } from "../../shared/content.ts";
import type { Envelope } from "../../shared/envelope.ts";

// The script of `/draft-preview/?t=…`: reads the draft the link opens and fills the page's
// article (the API rendered and sanitised its text as the build does), or says the link has
// ended. The link's end is shown in both languages, as every text of the site is.

const LOCALES = ["zh-CN", "en-US"] as const;

/** Fills the page's article from the link in its address; says why when it cannot. */
export async function showDraft(doc: Document): Promise<void> {
  const part = <E extends Element>(name: string) => doc.querySelector<E>(`[data-draft-${name}]`);
  const say = (state: "missing" | "failed" | null) => {
    for (const name of ["loading", "missing", "failed"] as const) {
      const line = part<HTMLElement>(name);
      if (line) line.hidden = name !== state;
    }
  };
  const token = new URLSearchParams(doc.location?.search ?? "").get("t") ?? "";
  let res: Response;
  try {
    res = await fetch(`/api/draft-preview?t=${encodeURIComponent(token)}`, { cache: "no-store" });
  } catch {
    return say("failed");
  }
  if (res.status === 404 || res.status === 400) return say("missing");
  if (!res.ok) return say("failed");
  const { data } = (await res.json()) as Envelope<DraftPage>;
  say(null);

  const article = part<HTMLElement>("page");
  if (article) article.lang = data.lang;
  const header = part<HTMLElement>("header");
  const text = (name: string, value: string) => {
    const element = part<HTMLElement>(name);
    if (!element) return;
    element.textContent = value;
    element.hidden = value === "";
  };
  text("title", data.title);
  text("subtitle", data.subtitle);
  text("summary", data.summary);
  text("tags", data.tags.map((tag) => `#${tag}`).join(" "));
  if (header) header.hidden = data.title === "" && data.tags.length === 0;
  if (data.title) doc.title = `${data.title} · ${doc.title}`;
  // Sanitised by the API as the content loader sanitises a row (src/lib/sanitize-html.ts).
  const body = part<HTMLElement>("body");
  if (body) body.innerHTML = data.html;

  const until = part<HTMLElement>("until");
  const slot = part<HTMLElement>("expires");
  if (until && slot) {
    // Made here: an empty <time> without its datetime is not valid HTML in the built page.
    const time = doc.createElement("time");
    time.dateTime = data.expiresAt;
    slot.replaceChildren(time);
    time.replaceChildren(
      ...LOCALES.map((locale) => {
        const span = doc.createElement("span");
        span.dataset.lang = locale;
        span.lang = locale;
        span.textContent = new Intl.DateTimeFormat(locale, {
          dateStyle: "long",
          timeStyle: "short",
        }).format(new Date(data.expiresAt));
        return span;
      }),
    );
    until.hidden = false;
  }
}
