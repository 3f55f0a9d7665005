import { EditorSelection, type EditorState, type TransactionSpec } from "@codemirror/state";

// The toolbar's and the shortcuts' edits, as transactions over the editor's state (no view, so
// they are tested without a browser). Each works on every selected range at once; an inline
// mark toggles (bold twice is plain again), a line mark toggles on every line it touches.

/** An edit of the state, or nothing to do. */
export type Edit = (state: EditorState) => TransactionSpec | null;

/**
 * Inline marks around each range (`**`, `_`, `` ` ``, `$`): added around the selection, or taken
 * away when the selection is already inside them; an empty range gets `placeholder` selected.
 */
export const wrap =
  (mark: string, placeholder: string): Edit =>
  (state) =>
    state.changeByRange((range) => {
      const before = state.sliceDoc(range.from - mark.length, range.from);
      const after = state.sliceDoc(range.to, range.to + mark.length);
      if (before === mark && after === mark) {
        return {
          changes: [
            { from: range.from - mark.length, to: range.from },
            { from: range.to, to: range.to + mark.length },
          ],
          range: EditorSelection.range(range.from - mark.length, range.to - mark.length),
        };
      }
      const text = range.empty ? placeholder : state.sliceDoc(range.from, range.to);
      return {
        changes: { from: range.from, to: range.to, insert: `${mark}${text}${mark}` },
        range: EditorSelection.range(
          range.from + mark.length,
          range.from + mark.length + text.length,
        ),
      };
    });

/** A fenced block around whole lines (code, display math), or inline marks within a line. */
export const block =
  (inline: string, fence: string, placeholder: string): Edit =>
  (state) => {
    const multiline = state.selection.ranges.some(
      (r) => state.doc.lineAt(r.from).number !== state.doc.lineAt(r.to).number,
    );
    if (!multiline) return wrap(inline, placeholder)(state);
    return state.changeByRange((range) => {
      const first = state.doc.lineAt(range.from);
      const last = state.doc.lineAt(range.to);
      const text = state.sliceDoc(first.from, last.to);
      const insert = `${fence}\n${text}\n${fence.replace(/[a-z]+$/, "")}`;
      return {
        changes: { from: first.from, to: last.to, insert },
        range: EditorSelection.range(
          first.from + fence.length + 1,
          first.from + fence.length + 1 + text.length,
        ),
      };
    });
  };

/**
 * A mark at the start of every line a range touches (`## `, `> `, `- `): added to each line
 * without it, or taken from all of them when every one has it. A heading mark replaces
 * another heading level.
 */
export const linePrefix =
  (prefix: string): Edit =>
  (state) => {
    const heading = /^#{1,6} /;
    const lines = new Map<number, { from: number; text: string }>();
    for (const range of state.selection.ranges) {
      for (
        let n = state.doc.lineAt(range.from).number;
        n <= state.doc.lineAt(range.to).number;
        n++
      ) {
        const line = state.doc.line(n);
        lines.set(line.from, { from: line.from, text: line.text });
      }
    }
    const all = [...lines.values()];
    const remove = all.every((line) => line.text.startsWith(prefix));
    const changes = all.map((line) => {
      if (remove) return { from: line.from, to: line.from + prefix.length };
      const old = prefix.startsWith("#") ? heading.exec(line.text)?.[0] : undefined;
      return { from: line.from, to: line.from + (old?.length ?? 0), insert: prefix };
    });
    return { changes, scrollIntoView: true };
  };

/**
 * A link (or with `image`, a picture) around each range: the selection becomes its text and
 * the address is selected to type; an empty range gets `placeholder` as its text, selected.
 */
export const link =
  (placeholder: string, url = "https://"): Edit =>
  (state) =>
    state.changeByRange((range) => {
      const text = range.empty ? placeholder : state.sliceDoc(range.from, range.to);
      const insert = `[${text}](${url})`;
      const at = range.empty
        ? EditorSelection.range(range.from + 1, range.from + 1 + text.length)
        : EditorSelection.range(range.from + text.length + 3, range.from + insert.length - 1);
      return { changes: { from: range.from, to: range.to, insert }, range: at };
    });

/**
 * Markdown put on a line of its own (a table, an image) in place of the main selection, or at
 * `at`; the cursor goes after it.
 */
export function insertBlock(
  state: EditorState,
  markdown: string,
  at?: number,
): TransactionSpec & { changes: { from: number; to: number; insert: string } } {
  const range = at === undefined ? state.selection.main : EditorSelection.cursor(at);
  const line = state.doc.lineAt(range.from);
  const before = range.from === line.from ? "" : "\n\n";
  const lineAfter = state.doc.lineAt(range.to);
  const after = range.to === lineAfter.to && lineAfter.number === state.doc.lines ? "\n" : "\n\n";
  const insert = `${before}${markdown}${after}`;
  return {
    changes: { from: range.from, to: range.to, insert },
    selection: EditorSelection.cursor(range.from + insert.length),
    scrollIntoView: true,
  };
}

/** A table of two columns and one row, its first header selected to type over. */
export const table =
  (column: string): Edit =>
  (state) => {
    const markdown = `| ${column} | ${column} |\n| --- | --- |\n|  |  |`;
    const spec = insertBlock(state, markdown);
    const from = state.selection.main.from;
    const start = from + (from === state.doc.lineAt(from).from ? 0 : 2) + 2;
    return { ...spec, selection: EditorSelection.range(start, start + column.length) };
  };

/** An image's Markdown: its description in brackets (escaped), then its address. */
export function imageMarkdown(alt: string, src: string): string {
  const text = alt.replace(/[[\]\\]/g, (c) => `\\${c}`).replace(/\s+/g, " ");
  const address = src.replace(
    /[()\s]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
  return `![${text}](${address})`;
}
