import type { Text } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import katexCss from "katex/dist/katex.min.css?url";
import { type MouseEvent, type RefObject, useEffect, useLayoutEffect, useRef } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../../shared/content-rules.ts";
import { failedCallText } from "../form.tsx";
import { usePreview } from "./queries.ts";
import { headingLines, type Landmark, landmarks, lineForTop, topForLine } from "./scroll-sync.ts";

// The preview: the text as a reader will see it, rendered by the server with the site's own
// pipeline and styled by the site's own `.prose` rules, KaTeX's stylesheet loaded once math
// shows. Side by side with the text, each side's scrolling moves the other to the same place.

interface Props {
  t: Translate;
  text: string;
  /** The field's name ("Text"): the preview is "Preview of Text". */
  label: string;
  lang?: string | undefined;
  /** The text's editor, whose scrolling the preview follows. */
  source: RefObject<EditorView | null>;
  /** Scroll with the text (side by side). */
  sync: boolean;
}

export function Preview({ t, text, label, lang, source, sync }: Props) {
  const preview = usePreview(text, true);
  const pane = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const html = preview.data?.html ?? "";
  const empty = !text.trim();
  useScrollSync(source, pane, body, sync, html);
  // The new HTML replaces only the blocks that changed: an edit in one paragraph leaves the
  // rest of a long preview (its formulas and code) as laid out already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the body is made again when the text stops being empty, and filled then.
  useLayoutEffect(() => {
    if (body.current) patchChildren(body.current, html);
  }, [html, empty]);

  function follow(event: MouseEvent<HTMLElement>) {
    const target = event.target instanceof Element ? event.target.closest("a[href]") : null;
    const href = target?.getAttribute("href");
    if (!href) return;
    event.preventDefault();
    if (href.startsWith("#")) {
      // A heading's anchor: scrolled to within the preview, the back office's address untouched.
      const id = decodeURIComponent(href.slice(1));
      const heading = Array.from(body.current?.querySelectorAll("[id]") ?? []).find(
        (el) => el.id === id,
      );
      heading?.scrollIntoView({ block: "start" });
    } else {
      // Elsewhere: a new tab, so the text being written stays open.
      window.open(href, "_blank", "noopener,noreferrer");
    }
  }

  const failure = preview.tooLong
    ? t("bmsEditor.previewTooLong", { max: CONTENT_LIMITS.body.toLocaleString("en-US") })
    : preview.isError
      ? failedCallText(t, preview.error)
      : "";
  return (
    <section
      ref={pane}
      className="md-preview"
      aria-label={t("bmsEditor.previewOf", { label })}
      aria-busy={preview.pending}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region the keyboard must reach.
      tabIndex={0}
    >
      {html.includes("katex") && <link rel="stylesheet" href={katexCss} precedence="default" />}
      {failure && (
        <p className="md-preview-failure" role="alert">
          {preview.tooLong ? failure : t("bmsEditor.previewFailed", { message: failure })}
        </p>
      )}
      {preview.pending && preview.data && (
        <p className="md-preview-state">{t("bmsEditor.previewUpdating")}</p>
      )}
      {empty ? (
        <p className="md-preview-empty">{t("bmsEditor.previewEmpty")}</p>
      ) : (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: links inside keep their own keyboard use; this catches their clicks.
        <div ref={body} className="prose md-preview-body" lang={lang} onClick={follow} />
      )}
    </section>
  );
}

/**
 * Side by side, the preview scrolls to where the text is scrolled and back. The side scrolled by
 * the person leads: a scroll this hook made is not followed back.
 */
function useScrollSync(
  source: RefObject<EditorView | null>,
  pane: RefObject<HTMLElement | null>,
  body: RefObject<HTMLDivElement | null>,
  sync: boolean,
  html: string,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML moves the headings, so the preview is placed again.
  useEffect(() => {
    const editor = source.current;
    const preview = pane.current;
    if (!sync || !editor || !preview) return;
    const scroller = editor.scrollDOM;
    /** The side this hook scrolled last, and until when its scroll events are its echo. */
    let caused: { el: HTMLElement; until: number } | null = null;
    const echo = (el: HTMLElement) => caused?.el === el && performance.now() < caused.until;
    let headings: { doc: Text; lines: number[] } | null = null;

    const marks = (): Landmark[] => {
      const doc = editor.state.doc;
      if (headings?.doc !== doc) headings = { doc, lines: headingLines(doc.toJSON()) };
      const tops = Array.from(
        body.current?.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6") ?? [],
      ).map((h) => h.offsetTop);
      return landmarks(headings.lines, tops, doc.lines, preview.scrollHeight);
    };

    const atEnd = (el: HTMLElement) => el.scrollTop >= el.scrollHeight - el.clientHeight - 1;
    const setTop = (el: HTMLElement, top: number) => {
      if (Math.abs(el.scrollTop - top) < 1) return;
      caused = { el, until: performance.now() + 100 };
      el.scrollTop = top;
    };

    const fromText = () => {
      if (echo(scroller)) return;
      if (atEnd(scroller)) return setTop(preview, preview.scrollHeight);
      const top = scroller.scrollTop;
      const block = editor.lineBlockAtHeight(top);
      const line = editor.state.doc.lineAt(block.from).number;
      const part = block.height > 0 ? (top - block.top) / block.height : 0;
      setTop(preview, topForLine(marks(), line + Math.max(0, part)));
    };

    const fromPreview = () => {
      if (echo(preview)) return;
      if (atEnd(preview)) return setTop(scroller, scroller.scrollHeight);
      const doc = editor.state.doc;
      const line = lineForTop(marks(), preview.scrollTop);
      const n = Math.min(doc.lines, Math.max(1, Math.floor(line)));
      const block = editor.lineBlockAt(doc.line(n).from);
      setTop(scroller, block.top + (line - n) * block.height);
    };

    fromText();
    scroller.addEventListener("scroll", fromText, { passive: true });
    preview.addEventListener("scroll", fromPreview, { passive: true });
    return () => {
      scroller.removeEventListener("scroll", fromText);
      preview.removeEventListener("scroll", fromPreview);
    };
  }, [source, pane, body, sync, html]);
}

/**
 * Puts `html` in `container`, replacing only the top-level nodes between the unchanged ones at
 * its start and at its end. The HTML is the server's, sanitised (`sanitizeRendered`) as the
 * site sanitises a row before a page shows it.
 */
export function patchChildren(container: HTMLElement, html: string): void {
  const template = document.createElement("template");
  template.innerHTML = html;
  const next = Array.from(template.content.childNodes);
  const current = Array.from(container.childNodes);
  let start = 0;
  while (
    start < next.length &&
    start < current.length &&
    current[start]?.isEqualNode(next[start] ?? null)
  ) {
    start++;
  }
  let end = 0;
  while (
    end < next.length - start &&
    end < current.length - start &&
    current[current.length - 1 - end]?.isEqualNode(next[next.length - 1 - end] ?? null)
  ) {
    end++;
  }
  const after = current[current.length - end] ?? null;
  for (const node of current.slice(start, current.length - end)) node.remove();
  const fresh = document.createDocumentFragment();
  fresh.append(...next.slice(start, next.length - end));
  container.insertBefore(fresh, after);
}
