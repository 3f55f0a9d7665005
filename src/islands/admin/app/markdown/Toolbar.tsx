import { type KeyboardEvent, useRef, useState } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import { shortcutLabel, TOOLS, type Tool } from "./tools.ts";

// The Markdown editor's toolbar: a button per tool, each with its icon and its words.

/**
 * The formatting toolbar: one stop in the Tab order, arrows move along it (a toolbar's
 * keyboard pattern); each button names its shortcut.
 */
export function Toolbar({ t, onTool }: { t: Translate; onTool: (tool: Tool) => void }) {
  const [active, setActive] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  function move(event: KeyboardEvent<HTMLDivElement>) {
    const last = TOOLS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? active === last
          ? 0
          : active + 1
        : event.key === "ArrowLeft"
          ? active === 0
            ? last
            : active - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  }
  return (
    <div role="toolbar" aria-label={t("bmsEditor.toolbar")} className="md-toolbar" onKeyDown={move}>
      {TOOLS.map((tool, i) => {
        const shortcut = tool.key ? shortcutLabel(tool.key) : null;
        const name = t(`bmsEditor.tools.${tool.name}`);
        return (
          <button
            key={tool.name}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            className="md-tool"
            tabIndex={i === active ? 0 : -1}
            aria-label={name}
            aria-keyshortcuts={shortcut?.aria}
            aria-haspopup={tool.pick ? "dialog" : undefined}
            title={shortcut ? `${name} (${shortcut.text})` : name}
            onFocus={() => setActive(i)}
            // The text keeps its selection: a press on a tool must not take focus first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onTool(tool)}
          >
            <span aria-hidden="true" className={`md-icon md-icon-${tool.name}`}>
              {tool.glyph || <ToolIcon name={tool.name} />}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** The icons no character draws in every font: a link's chain, a picture's frame. */
function ToolIcon({ name }: { name: Tool["name"] }) {
  const path =
    name === "link"
      ? "M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1"
      : "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01";
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}
