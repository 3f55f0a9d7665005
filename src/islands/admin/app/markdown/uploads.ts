import { StateEffect, StateField } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import type { Locale } from "../../../../i18n/locale.ts";
import { failureText } from "../form.tsx";
import { useUploadMedia } from "../media/queries.ts";
import { createQueue, UPLOADS_AT_ONCE } from "../media/queue.ts";
import { imageMarkdown, insertBlock } from "./commands.ts";

// Images pasted or dropped into the text: each goes to the media library (the one upload of the
// back office, with its progress), and only once it is there does its Markdown go into the
// text, where the cursor was when it came (that place follows the edits made meanwhile, and
// stays before what is typed there after the paste). So a refused or failed upload leaves
// nothing behind in the text, and a save made while one is on its way saves no half-made
// reference. Placing it never takes the owner's text, caret or focus: it waits for an input
// method's unfinished word, and a caret left where the image goes moves after it.

const placed = StateEffect.define<{ id: number; pos: number }>();
const settled = StateEffect.define<number>();

/** Where each image on its way will go, mapped through every edit made since it came. */
export const pendingImages = StateField.define<ReadonlyMap<number, number>>({
  create: () => new Map(),
  update(value, tr) {
    const changes = tr.effects.some((e) => e.is(placed) || e.is(settled));
    if (!changes && !(tr.docChanged && value.size > 0)) return value;
    const next = new Map(
      // Text typed at the place after the paste comes after the image (-1: before an insertion).
      [...value].map(([id, pos]): [number, number] => [id, tr.changes.mapPos(pos, -1)]),
    );
    for (const effect of tr.effects) {
      if (effect.is(placed)) next.set(effect.value.id, effect.value.pos);
      if (effect.is(settled)) next.delete(effect.value);
    }
    return next;
  },
});

/** Resolves once no input method is composing a word in `view` (at once when none is). */
function afterComposition(view: EditorView): Promise<void> {
  return new Promise((done) => {
    const check = () => (view.composing ? requestAnimationFrame(check) : done());
    check();
  });
}

/**
 * Puts the image `id` was waiting for at its place. Only the text changes, unless the caret is
 * at that very place: then it moves after the image, so what is typed next follows it. Focus
 * stays where it is (in the text when the owner is typing there).
 */
function place(view: EditorView, id: number, markdown: string) {
  const pos = view.state.field(pendingImages).get(id);
  if (pos === undefined) return;
  const spec = insertBlock(view.state, markdown, pos);
  const caret = view.state.selection.main;
  const atPlace = caret.empty && caret.head === pos;
  const focused = view.hasFocus;
  view.dispatch({
    changes: spec.changes,
    ...(atPlace ? { selection: spec.selection, scrollIntoView: true } : {}),
    effects: settled.of(id),
    userEvent: "input.paste",
  });
  if (focused && !view.hasFocus) view.focus();
}

/** The file's name without its extension: the image's description until the owner writes one. */
const baseName = (name: string) => name.replace(/\.[a-z0-9]+$/i, "").replace(/[-_]+/g, " ");

/**
 * The editor's uploads: `add` files to send (each remembered at the cursor), and one line that
 * says how the latest is going (its progress), or what came of it.
 */
export function useImageUploads(t: Translate, view: RefObject<EditorView | null>, locale: Locale) {
  const upload = useUploadMedia();
  const send = useRef(upload.mutateAsync);
  const words = useRef({ t, locale });
  useEffect(() => {
    send.current = upload.mutateAsync;
    words.current = { t, locale };
  });
  const [status, setStatus] = useState<{ text: string; failed: boolean; percent?: number } | null>(
    null,
  );
  const nextId = useRef(1);
  const [queue] = useState(() =>
    createQueue(UPLOADS_AT_ONCE, async ({ id, file }: { id: number; file: File }) => {
      const { t } = words.current;
      const name = file.name || "image";
      setStatus({ text: t("bmsEditor.uploading", { name }), failed: false, percent: 0 });
      try {
        const media = await send.current({
          file,
          onProgress: (sent, total) => {
            const percent = total > 0 ? Math.round((sent / total) * 100) : 0;
            setStatus({
              text: words.current.t("bmsEditor.uploadProgress", { name, percent }),
              failed: false,
              percent,
            });
          },
        });
        const target = view.current;
        if (target) {
          await afterComposition(target);
          const { locale } = words.current;
          place(target, id, imageMarkdown(media.alt[locale] || baseName(name), media.src));
        }
        setStatus({ text: words.current.t("bmsEditor.uploaded", { name }), failed: false });
      } catch (error) {
        view.current?.dispatch({ effects: settled.of(id) });
        const reason = failureText(words.current.t, error);
        setStatus({
          text: words.current.t("bmsEditor.uploadFailed", { name, reason }),
          failed: true,
        });
      }
    }),
  );
  return {
    status: status?.text ?? "",
    failed: status?.failed ?? false,
    percent: status?.percent,
    add(files: readonly File[]) {
      const target = view.current;
      if (!target || files.length === 0) return;
      const pos = target.state.selection.main.head;
      const items = files.map((file) => ({ id: nextId.current++, file }));
      target.dispatch({ effects: items.map(({ id }) => placed.of({ id, pos })) });
      queue.add(items);
    },
  };
}
