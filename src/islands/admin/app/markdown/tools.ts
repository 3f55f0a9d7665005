import type { Translate } from "../../../../i18n/core.ts";
import { block, type Edit, linePrefix, link, table, wrap } from "./commands.ts";

// The toolbar's tools, in order, each with its shortcut (CodeMirror's key names: `Mod` is
// Ctrl, or Cmd on a Mac) and its edit; the image tool opens the library's picker instead.

export interface Tool {
  name:
    | "bold"
    | "italic"
    | "heading"
    | "link"
    | "image"
    | "code"
    | "math"
    | "table"
    | "quote"
    | "list";
  /** What the button shows (decorative: its name is its label); empty: an icon (`ToolIcon`). */
  glyph: string;
  key?: string;
  edit: (t: Translate) => Edit;
  /** Opens the media library's picker rather than editing. */
  pick?: true;
}

const none: Edit = () => null;

export const TOOLS: readonly Tool[] = [
  {
    name: "bold",
    glyph: "B",
    key: "Mod-b",
    edit: (t) => wrap("**", t("bmsEditor.placeholders.bold")),
  },
  {
    name: "italic",
    glyph: "I",
    key: "Mod-i",
    edit: (t) => wrap("_", t("bmsEditor.placeholders.italic")),
  },
  { name: "heading", glyph: "H", key: "Mod-Alt-2", edit: () => linePrefix("## ") },
  { name: "link", glyph: "", key: "Mod-k", edit: (t) => link(t("bmsEditor.placeholders.link")) },
  { name: "image", glyph: "", key: "Mod-Shift-i", edit: () => none, pick: true },
  {
    name: "code",
    glyph: "</>",
    key: "Mod-e",
    edit: (t) => block("`", "```", t("bmsEditor.placeholders.code")),
  },
  {
    name: "math",
    glyph: "∑",
    key: "Mod-Shift-m",
    edit: (t) => block("$", "$$", t("bmsEditor.placeholders.math")),
  },
  {
    name: "table",
    glyph: "▦",
    key: "Mod-Alt-t",
    edit: (t) => table(t("bmsEditor.placeholders.column")),
  },
  { name: "quote", glyph: "❝", key: "Mod-Shift-.", edit: () => linePrefix("> ") },
  { name: "list", glyph: "•", key: "Mod-Shift-8", edit: () => linePrefix("- ") },
];

const isMac = () =>
  typeof navigator !== "undefined" &&
  /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * A shortcut in words for people (`Ctrl+Shift+M`, `⌘⇧M` on a Mac) and for `aria-keyshortcuts`
 * (`Control+Shift+M`, `Meta+Shift+M`).
 */
export function shortcutLabel(key: string, mac = isMac()): { text: string; aria: string } {
  const parts = key.split("-").map((part) => (part === "" ? "-" : part));
  const names = parts.map((part) => {
    if (part === "Mod") return mac ? "Meta" : "Control";
    return part.length === 1 ? part.toUpperCase() : part;
  });
  const text = mac
    ? names.map((n) => ({ Meta: "⌘", Shift: "⇧", Alt: "⌥", Control: "⌃" })[n] ?? n).join("")
    : names.map((n) => (n === "Control" ? "Ctrl" : n)).join("+");
  return { text, aria: names.join("+") };
}
