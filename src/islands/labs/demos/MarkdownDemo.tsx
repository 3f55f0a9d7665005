import katexCss from "katex/dist/katex.min.css?url";
import { useEffect, useId, useRef, useState } from "react";
import { isLocale, type Locale } from "../../../i18n/locale.ts";
import { api, send } from "../../../shared/api-client.ts";
import {
  HTML_SAMPLE,
  placeOf,
  SAMPLE_IDS,
  type SampleId,
  STORAGE_KEY,
  sampleOf,
  sampleText,
} from "../mix/markdown-samples.ts";
import { CopyBlock } from "./CopyBlock.tsx";
import { Say } from "./Say.tsx";
import "./demo.css";
import "./mix-type.css";

/** What the blog's pipeline made of each sample at build time, sanitised: HTML by language. */
export type RenderedSamples = Record<SampleId, Record<Locale, string>>;

interface Props {
  rendered: RenderedSamples;
  /** The HTML sample, sanitised at build time: what shows before the sanitiser runs here. */
  sanitizedHtmlSample: Record<Locale, string>;
}

/** Where the HTML shown came from. */
type Origin = "build" | "server" | "stale" | "pending" | "failed";

const pageLocale = (): Locale => {
  const lang = document.documentElement.dataset.locale;
  return lang && isLocale(lang) ? lang : "en-US";
};

/** Whether the reader is the signed-in owner (the head script marks `<html data-auth>`). */
const isAdmin = () => document.documentElement.dataset.auth === "admin";

/** The text kept where placeOf says, the other places cleared. */
function keep(text: string) {
  const url = new URL(window.location.href);
  url.searchParams.delete("sample");
  url.searchParams.delete("md");
  const found = sampleOf(text);
  const place = placeOf(text);
  if (found) url.searchParams.set("sample", found.id);
  else if (place === "url") url.searchParams.set("md", text);
  try {
    if (place === "storage") localStorage.setItem(STORAGE_KEY, text);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode): the text is then kept only while the page is.
  }
  window.history.replaceState(window.history.state, "", url);
}

/** The text to start from: the address's, else the one kept locally, else the first sample. */
function initialText(locale: Locale): string {
  const params = new URLSearchParams(window.location.search);
  const md = params.get("md");
  if (md !== null) return md;
  const sample = SAMPLE_IDS.find((id) => id === params.get("sample"));
  if (sample) return sampleText(sample, locale);
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored) return stored;
  } catch {
    // no storage: the first sample
  }
  return sampleText("table", locale);
}

/**
 * A Markdown playground on the blog's own pipeline. The samples were rendered by it when the
 * site was built; another text is rendered by the server's preview for the signed-in owner (the
 * back office's own API); for anyone else the page says it cannot render it, since the
 * pipeline's parser is native code that does not run in a browser. The sanitiser does run here:
 * any HTML typed below goes through it live.
 */
export default function MarkdownDemo({ rendered, sanitizedHtmlSample }: Props) {
  const [text, setText] = useState(() => sampleText("table", "en-US"));
  const [html, setHtml] = useState(rendered.table["en-US"]);
  const [origin, setOrigin] = useState<Origin>("build");
  const started = useRef(false);
  const textId = useId();

  // The address's text (or the kept one) once running; the samples in the page's language.
  useEffect(() => {
    started.current = true;
    setText(initialText(pageLocale()));
  }, []);

  // The text rendered: a sample from the build; else the server's preview for the owner.
  useEffect(() => {
    if (!started.current) return;
    const found = sampleOf(text);
    if (found) {
      setHtml(rendered[found.id][found.locale]);
      setOrigin("build");
      return;
    }
    if (!isAdmin()) {
      setOrigin("stale");
      return;
    }
    setOrigin("pending");
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const answer = await send(
          api.admin.preview.$post(
            { json: { body: text } },
            { init: { signal: controller.signal } },
          ),
        );
        if (controller.signal.aborted) return;
        if (answer.success) {
          setHtml(answer.data.html);
          setOrigin("server");
        } else setOrigin("failed");
      } catch {
        if (!controller.signal.aborted) setOrigin("failed");
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, rendered]);

  const edit = (next: string) => {
    setText(next);
    keep(next);
  };
  const current = sampleOf(text);

  return (
    <div className="lab-demo mt-markdown">
      <fieldset className="lab-buttons">
        <legend>
          <Say k="mix.markdown.samples" />
        </legend>
        {SAMPLE_IDS.map((id) => (
          <button
            key={id}
            type="button"
            aria-pressed={current?.id === id}
            onClick={() => edit(sampleText(id, pageLocale()))}
          >
            <Say k={`mix.markdown.sample.${id}`} />
          </button>
        ))}
      </fieldset>
      <label className="lab-field" htmlFor={textId}>
        <Say k="mix.markdown.text" />
      </label>
      <textarea
        id={textId}
        className="mt-textarea"
        value={text}
        rows={9}
        spellCheck={false}
        onChange={(event) => edit(event.target.value)}
      />
      <p className="mt-origin" role="status" data-testid="md-origin" data-origin={origin}>
        <Say k={`mix.markdown.origin.${origin}`} />
      </p>
      {html.includes("katex") && <link rel="stylesheet" href={katexCss} precedence="default" />}
      <div className={origin === "stale" ? "mt-panes is-stale" : "mt-panes"}>
        <section className="mt-block" aria-labelledby="mt-md-result">
          <div className="mt-head">
            <h3 id="mt-md-result">
              <Say k="mix.markdown.result" />
            </h3>
          </div>
          <div
            className="prose mt-result"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
            tabIndex={0}
            data-testid="md-result"
            // Sanitised by the site's sanitiser, at build time or by the server's preview.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </section>
        <CopyBlock id="mt-md-source" heading="mix.markdown.source" text={html} testId="md-source" />
      </div>
      <SanitiserLive sample={sanitizedHtmlSample} />
    </div>
  );
}

/** The site's sanitiser, loaded once reached for: most readers never type HTML. */
let sanitizer: Promise<(html: string) => string> | undefined;
const loadSanitizer = () => {
  sanitizer ??= import("../../../lib/sanitize-html.ts").then((m) => m.sanitizeHtml);
  return sanitizer;
};

/** The site's sanitiser, run here on every change of an HTML text. */
function SanitiserLive({ sample }: { sample: Record<Locale, string> }) {
  const [input, setInput] = useState(HTML_SAMPLE["en-US"]);
  const [output, setOutput] = useState(sample["en-US"]);
  const latest = useRef(input);
  const inputId = useId();

  // The sample in the page's language (sanitised at build time).
  useEffect(() => {
    const locale = pageLocale();
    latest.current = HTML_SAMPLE[locale];
    setInput(HTML_SAMPLE[locale]);
    setOutput(sample[locale]);
  }, [sample]);

  const change = async (next: string) => {
    latest.current = next;
    setInput(next);
    const sanitize = await loadSanitizer();
    // Only the latest text's output is shown, whatever order the awaits end in.
    if (latest.current === next) setOutput(sanitize(next));
  };

  return (
    <section className="mt-sanitiser" aria-labelledby="mt-sanitiser">
      <h3 id="mt-sanitiser">
        <Say k="mix.markdown.sanitiser" />
      </h3>
      <p className="lab-hint">
        <Say k="mix.markdown.sanitiserHint" />
      </p>
      <label className="lab-field" htmlFor={inputId}>
        <Say k="mix.markdown.html" />
      </label>
      <textarea
        id={inputId}
        className="mt-textarea"
        value={input}
        rows={6}
        spellCheck={false}
        onFocus={loadSanitizer}
        onChange={(event) => change(event.target.value)}
      />
      <div className="mt-panes">
        <section className="mt-block" aria-labelledby="mt-clean-result">
          <div className="mt-head">
            <h4 id="mt-clean-result">
              <Say k="mix.markdown.cleanResult" />
            </h4>
          </div>
          <div
            className="prose mt-result"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
            tabIndex={0}
            data-testid="clean-result"
            // The output of sanitizeHtml: the same allowlist every page's HTML passes.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML
            dangerouslySetInnerHTML={{ __html: output }}
          />
        </section>
        <CopyBlock
          id="mt-clean-source"
          heading="mix.markdown.cleanSource"
          text={output}
          testId="clean-source"
          level={4}
        />
      </div>
    </section>
  );
}
