import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import {
  deleteMarkupBackward,
  insertNewlineContinueMarkup,
  markdownLanguage,
} from "@codemirror/lang-markdown";
import { LanguageSupport, syntaxHighlighting } from "@codemirror/language";
import { Compartment, EditorState } from "@codemirror/state";
import { EditorView, type KeyBinding, keymap } from "@codemirror/view";
import { classHighlighter } from "@lezer/highlight";
import { useStore } from "@nanostores/react";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import type { MediaRecord } from "../../../../shared/kinds/media.ts";
import { $locale } from "../../../../stores/locale.ts";
import { MediaPicker } from "../media/MediaPicker.tsx";
import { filesOf } from "../media/Uploads.tsx";
import { type Edit, imageMarkdown, insertBlock } from "./commands.ts";
import { countText } from "./count.ts";
import { focusHandedOver } from "./handover.ts";
import { MODES, type Mode, storedMode, storeMode } from "./modes.ts";
import { Preview } from "./Preview.tsx";
import { adoptingRoot } from "./style-root.ts";
import { TOOLS, type Tool } from "./tools.ts";
import { pendingImages, useImageUploads } from "./uploads.ts";
import "./markdown.css";
import { Toolbar } from "./Toolbar.tsx";

// The writing desk's editor: CodeMirror 6 over a Markdown text held by the form, a toolbar with
// its shortcuts, the preview beside the text (or as a view of its own on a phone), counts that
// count Chinese by its characters, a full-screen mode, and images pasted, dropped or picked from
// the library uploaded and placed at the cursor.

export interface MarkdownEditorProps {
  t: Translate;
  /** The editable element's id (a label's `for`, the focus of a failed submit). */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  error?: string | undefined;
  /** The editor's height in lines while it writes alone (the preview's too). */
  rows?: number | undefined;
  required?: boolean | undefined;
  readOnly?: boolean | undefined;
  /** The language the text is written in (the preview's `lang`). */
  lang?: string | undefined;
}

/** The editor's content attributes: its name, description, problem and state for assistive tech. */
function contentAttributes(props: MarkdownEditorProps, describedBy: string) {
  return EditorView.contentAttributes.of({
    id: props.id,
    "aria-labelledby": `${props.id}-label`,
    "aria-describedby": describedBy,
    ...(props.error ? { "aria-invalid": "true" } : {}),
    ...(props.required ? { "aria-required": "true" } : {}),
    // Reached by Tab (read-only too) and scrolled by keyboard. Editable, the text is in the tab
    // order already; saying so lets checkers that do not count contenteditable (axe's
    // scrollable-region-focusable) see that a long text's scrolling box holds a focusable part.
    tabindex: "0",
    ...(props.readOnly ? { "aria-readonly": "true", "aria-disabled": "true" } : {}),
    ...(props.lang ? { lang: props.lang } : {}),
    spellcheck: "true",
  });
}

export default function MarkdownEditor(props: MarkdownEditorProps) {
  const { t, id, label, value, max, error, readOnly = false } = props;
  const locale = useStore($locale);
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [mode, setMode] = useState<Mode>(() => storedMode((props.rows ?? 8) >= 10));
  const [fullscreen, setFullscreen] = useState(false);
  const [picking, setPicking] = useState(false);
  const changed = useRef(props.onChange);
  changed.current = props.onChange;
  const uploads = useImageUploads(t, view, locale);
  const paste = useRef(uploads.add);
  paste.current = uploads.add;
  const attributes = useMemo(() => new Compartment(), []);
  const editable = useMemo(() => new Compartment(), []);
  const described = [`${id}-hint`, `${id}-count`, error ? `${id}-error` : ""].filter(Boolean);
  const describedBy = described.join(" ");

  // The view is made once; its content follows `value` below, its attributes their props.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; later props reconfigure it.
  useEffect(() => {
    if (!host.current) return;
    const run = (edit: Edit) => (target: EditorView) => {
      const spec = edit(target.state);
      if (spec) target.dispatch(target.state.update(spec, { userEvent: "input.format" }));
      return true;
    };
    const openPicker = () => {
      setPicking(true);
      return true;
    };
    const bindings: KeyBinding[] = TOOLS.flatMap((tool) =>
      tool.key
        ? [
            {
              key: tool.key,
              run: tool.pick ? openPicker : run(tool.edit(t)),
              preventDefault: true,
            },
          ]
        : [],
    );
    const created = new EditorView({
      parent: host.current,
      root: adoptingRoot(document),
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          pendingImages,
          // Tab is left to the browser: it moves focus on, as in every other field.
          keymap.of([...bindings, ...MARKUP_KEYS, ...defaultKeymap, ...historyKeymap]),
          // GFM's Markdown without `markdown()`, which would bring HTML, CSS and JavaScript
          // parsers for embedded blocks (110 KB gzipped) that a blog's text rarely has.
          new LanguageSupport(markdownLanguage),
          syntaxHighlighting(classHighlighter),
          EditorView.lineWrapping,
          selectionColour,
          attributes.of(contentAttributes(props, describedBy)),
          editable.of(readOnlyState(readOnly)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            paste(event) {
              const files = filesOf(event.clipboardData).filter(isImage);
              if (files.length === 0) return false;
              event.preventDefault();
              paste.current(files);
              return true;
            },
            drop(event, target) {
              const files = filesOf(event.dataTransfer).filter(isImage);
              if (files.length === 0) return false;
              event.preventDefault();
              const at = target.posAtCoords({ x: event.clientX, y: event.clientY });
              if (at !== null) target.dispatch({ selection: { anchor: at } });
              paste.current(files);
              return true;
            },
          }),
        ],
      }),
    });
    view.current = created;
    const handed = focusHandedOver.get(id);
    if (handed) {
      focusHandedOver.delete(id);
      const end = created.state.doc.length;
      const at = (n: number) => Math.min(Math.max(n, 0), end);
      created.dispatch({ selection: { anchor: at(handed.anchor), head: at(handed.head) } });
      created.focus();
    }
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  // A value set from outside (a reset after a save, a restored draft) replaces the text.
  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === value) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
  }, [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the attributes are made of these props.
  useEffect(() => {
    view.current?.dispatch({
      effects: [
        attributes.reconfigure(contentAttributes(props, describedBy)),
        editable.reconfigure(readOnlyState(readOnly)),
      ],
    });
  }, [describedBy, error, readOnly, props.required, props.lang, id]);

  function apply(tool: Tool) {
    const current = view.current;
    if (!current) return;
    if (tool.pick) {
      setPicking(true);
      return;
    }
    const spec = tool.edit(t)(current.state);
    if (spec) current.dispatch(current.state.update(spec, { userEvent: "input.format" }));
    current.focus();
  }

  function picked(media: MediaRecord) {
    setPicking(false);
    const current = view.current;
    if (!current) return;
    const alt = media.alt[locale] || media.alt["zh-CN"] || media.alt["en-US"] || "";
    current.dispatch(insertBlock(current.state, imageMarkdown(alt, media.src)));
    current.focus();
  }

  function chooseMode(next: Mode) {
    setMode(next);
    storeMode(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (fullscreen && event.key === "Escape" && !picking) {
      event.stopPropagation();
      setFullscreen(false);
    }
  }

  const count = countText(value);
  const rows = props.rows ?? 8;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape leaves full screen from anywhere inside.
    <div
      className="field md-editor"
      data-mode={mode}
      data-fullscreen={fullscreen || undefined}
      data-readonly={readOnly || undefined}
      style={{ "--md-rows": rows } as React.CSSProperties}
      onKeyDown={onKeyDown}
    >
      <div className="md-head">
        {/* The editable element is no form control: a click on its name focuses it. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a label's click; the keyboard reaches the text by Tab. */}
        <span id={`${id}-label`} className="field-label" onClick={() => view.current?.focus()}>
          {label}
        </span>
        <fieldset className="md-modes">
          <legend className="visually-hidden">{t("bmsEditor.modes")}</legend>
          {MODES.map((m) => (
            <button
              key={m}
              type="button"
              className="md-mode"
              aria-pressed={mode === m}
              data-mode-button={m}
              onClick={() => chooseMode(m)}
            >
              {t(`bmsEditor.${m}`)}
            </button>
          ))}
          <button
            type="button"
            className="md-mode"
            aria-pressed={fullscreen}
            onClick={() => setFullscreen((on) => !on)}
          >
            {t("bmsEditor.fullscreen")}
          </button>
        </fieldset>
      </div>
      {!readOnly && mode !== "preview" && <Toolbar t={t} onTool={apply} />}
      <div className="md-panes">
        <div ref={host} className="md-source" hidden={mode === "preview"} />
        {mode !== "write" && (
          <Preview
            t={t}
            text={value}
            label={label}
            lang={props.lang}
            source={view}
            sync={mode === "split"}
          />
        )}
      </div>
      <div className="md-foot">
        <span id={`${id}-hint`} className="field-hint">
          {readOnly ? t("bmsEditor.readOnly") : t("bmsEditor.markdownHint")}
        </span>
        <span
          id={`${id}-count`}
          className="field-counter"
          data-over={value.length > max || undefined}
        >
          {t("bmsEditor.counts", {
            words: count.words.toLocaleString(locale),
            characters: count.characters.toLocaleString(locale),
          })}
          {value.length > max * 0.9 && (
            <>
              {" "}
              ·{" "}
              {t("bmsEditor.limit", {
                count: value.length.toLocaleString(locale),
                max: max.toLocaleString(locale),
              })}
            </>
          )}
        </span>
      </div>
      {uploads.status && (
        <p className="md-uploads" role="status" data-failed={uploads.failed || undefined}>
          {uploads.status}
        </p>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
      {picking && (
        <MediaPicker t={t} open={picking} onClose={() => setPicking(false)} onPick={picked} />
      )}
    </div>
  );
}

/** Enter continues a list or a quote; Backspace takes a list's mark away first. */
const MARKUP_KEYS: KeyBinding[] = [
  { key: "Enter", run: insertNewlineContinueMarkup },
  { key: "Backspace", run: deleteMarkupBackward },
];

/** The selection in the site's accent, over CodeMirror's own (its rule is more specific). */
const selectionColour = EditorView.theme({
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground":
    { background: "color-mix(in srgb, var(--accent) 28%, transparent)" },
});

const isImage = (file: File) => file.type.startsWith("image/") || file.type === "";

/** A read-only editor: no edits, no caret; still focusable and selectable to copy. */
const readOnlyState = (readOnly: boolean) =>
  readOnly ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : [];
