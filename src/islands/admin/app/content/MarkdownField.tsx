import { lazy, Suspense, useLayoutEffect, useRef } from "react";
import type { FieldValues } from "react-hook-form";
import type { Translate } from "../../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../../shared/content-rules.ts";
import { type Bound, useBoundField } from "../../../ui/form-fields.tsx";
import { focusHandedOver } from "../markdown/handover.ts";
import type { MarkdownEditorProps } from "../markdown/MarkdownEditor.tsx";

// CodeMirror and the preview load with the first editor opened, not with the back office: a
// list never pays for them.
const MarkdownEditor = lazy(() => import("../markdown/MarkdownEditor.tsx"));

/**
 * A labelled Markdown text: the writing desk's editor (`markdown/`), and while it loads a plain
 * text area holding the same value, so nothing typed meanwhile is lost.
 */
export function MarkdownField(props: MarkdownEditorProps) {
  return (
    <Suspense fallback={<LoadingField {...props} />}>
      <MarkdownEditor {...props} />
    </Suspense>
  );
}

function LoadingField({
  id,
  label,
  value,
  onChange,
  rows,
  required,
  readOnly,
}: MarkdownEditorProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  // Replaced by the editor while it has focus: the editor takes it (`focusHandedOver`).
  useLayoutEffect(
    () => () => {
      const box = area.current;
      if (box && box === document.activeElement) {
        const backward = box.selectionDirection === "backward";
        const [from, to] = [box.selectionStart, box.selectionEnd];
        focusHandedOver.set(id, backward ? { anchor: to, head: from } : { anchor: from, head: to });
      }
    },
    [id],
  );
  return (
    <div className="field md-editor">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        ref={area}
        id={id}
        className="field-input"
        rows={rows ?? 8}
        value={value}
        required={required}
        readOnly={readOnly}
        aria-busy="true"
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** An item's Markdown text bound to its form, with its counts and its problem. */
export function FormMarkdownField<Values extends FieldValues, Output extends FieldValues>({
  label,
  rows,
  required,
  readOnly,
  lang,
  ...bound
}: Bound<Values, Output, Translate> & {
  label: string;
  rows: number;
  required?: boolean;
  readOnly?: boolean;
  lang?: string | undefined;
}) {
  return (
    <MarkdownField
      {...useBoundField(bound)}
      t={bound.t}
      label={label}
      max={CONTENT_LIMITS.body}
      rows={rows}
      required={required}
      readOnly={readOnly}
      lang={lang}
    />
  );
}
