import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { failureText } from "./form.tsx";
import "./ordering.css";

/**
 * A list the owner puts in order (the home page's banners, the navigation's groups and each
 * group's links): its rows move by dragging a handle (mouse or touch, announced to a screen
 * reader in the interface language) or by Move up and Move down (the keyboard's way: dnd-kit's
 * keyboard dragging misplaced a row once the page scrolled under it, so it is off). A new order
 * is every row's id at once with the order it was moved from; while it is saved the list shows
 * it already, and a refused one (another tab changed the list) puts the server's back and says
 * so.
 */

/** The new order of `ids` after the row at `from` moves to `to`; the same when it does not. */
export function moved(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
}

/** A movable row's place among the others, and how it moves (`by` -1 up, 1 down). */
export interface Ordering {
  first: boolean;
  last: boolean;
  busy: boolean;
  move: (by: -1 | 1) => Promise<void>;
}

interface ListOptions<T extends { id: string }> {
  t: Translate;
  /** The movable rows, in the order the server holds. */
  rows: readonly T[];
  /** Rows shown before them that stay where they are (a file's), counted in places. */
  fixed?: number;
  /** Saves an order (`ids` moved from `seen`); refused when `seen` is no longer stored. */
  save: (order: { ids: string[]; seen: string[] }) => Promise<unknown>;
  /** Reads the list again after a refused order. */
  refresh: () => Promise<unknown>;
  /** A row's name in a sentence. */
  name: (row: T) => string;
  /** Says how a move went, in the list's status line. */
  report: (ok: boolean, message: string) => void;
}

/** A list's order: the rows as shown (with an order being saved), and how one moves. */
export function useOrderedList<T extends { id: string }>(options: ListOptions<T>) {
  const { t, rows, save, refresh, name, report } = options;
  const fixed = options.fixed ?? 0;
  const [pending, setPending] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = pending ?? rows.map((row) => row.id);
  const shown = ids.flatMap((id) => rows.filter((row) => row.id === id));
  const count = fixed + shown.length;

  /** Moves the row at `from` to `to`, saying where it went. */
  async function move(from: number, to: number) {
    const next = moved(ids, from, to);
    const row = shown[from];
    if (!row || next.every((id, at) => id === ids[at])) return;
    setPending(next);
    setBusy(true);
    try {
      await save({ ids: next, seen: ids });
      report(true, t("bmsOrder.movedTo", { name: name(row), place: fixed + to + 1, count }));
    } catch (error) {
      report(false, failureText(t, error));
      await refresh();
    } finally {
      setPending(null);
      setBusy(false);
    }
  }

  const placeOf = (id: string | number) => fixed + ids.indexOf(String(id)) + 1;
  const nameOf = (id: string | number) => {
    const row = shown.find((item) => item.id === id);
    return row ? name(row) : "";
  };
  /** What dnd-kit says to a screen reader as a row is picked up, moved and dropped. */
  // dnd-kit's own words for screen readers are English and speak of a keyboard sensor this list
  // does not have: in the interface's language, where the buttons are.
  const instructions: ScreenReaderInstructions = { draggable: t("bmsOrder.dragHelp") };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t("bmsOrder.dragPicked", { name: nameOf(active.id), place: placeOf(active.id), count }),
    onDragOver: ({ active, over }) =>
      over
        ? t("bmsOrder.dragOver", { name: nameOf(active.id), place: placeOf(over.id), count })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t("bmsOrder.dragDropped", { name: nameOf(active.id), place: placeOf(over.id), count })
        : t("bmsOrder.dragCancelled", { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t("bmsOrder.dragCancelled", { name: nameOf(active.id) }),
  };

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    void move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }

  /** The ordering of the row at `index` among the movable ones. */
  const orderingOf = (index: number): Ordering => ({
    first: index === 0,
    last: index === shown.length - 1,
    busy,
    move: (by) => move(index, index + by),
  });

  return { ids, shown, busy, count, announcements, instructions, dragEnd, orderingOf };
}

type OrderedList = ReturnType<typeof useOrderedList>;

/**
 * A sorted list: a `<ul>` of the rows that stay where they are (`before`, each an `<li>`) and the
 * movable ones (`children`, each a `SortableRow`), dragged with the pointer only (see above). The
 * list is dnd-kit's context, whose announcements are its own siblings, never inside the `<ul>`.
 */
export function SortableList({
  list,
  className,
  busy = false,
  before,
  children,
}: {
  list: Pick<OrderedList, "ids" | "announcements" | "instructions" | "dragEnd" | "busy">;
  className: string;
  busy?: boolean;
  before?: ReactNode;
  children: ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={list.dragEnd}
      accessibility={{
        announcements: list.announcements,
        screenReaderInstructions: list.instructions,
      }}
    >
      <ul className={className} aria-busy={busy || list.busy || undefined}>
        {before}
        <SortableContext items={list.ids} strategy={verticalListSortingStrategy}>
          {children}
        </SortableContext>
      </ul>
    </DndContext>
  );
}

interface RowProps {
  t: Translate;
  id: string;
  order: Ordering;
  /** The row's name, for the handle's title. */
  name: string;
  /** The id of the element naming the row, which its Move buttons are described by. */
  nameId: string;
  className: string;
  children: ReactNode;
}

/** A movable row: a list item with its handle and its Move up and Move down buttons first. */
export function SortableRow({ t, id, order, name, nameId, className, children }: RowProps) {
  const sortable = useSortable({ id, disabled: order.busy });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(sortable.transform),
    transition: sortable.transition,
  };
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);

  // After a move, once its buttons are enabled again: focus back on the button pressed, or on
  // the other one when the row has reached an end.
  const refocus = useRef<-1 | 1 | null>(null);
  useEffect(() => {
    const by = refocus.current;
    if (by === null || order.busy) return;
    refocus.current = null;
    const pressed = by < 0 ? up.current : down.current;
    const other = by < 0 ? down.current : up.current;
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  }, [order.busy]);

  function move(by: -1 | 1) {
    refocus.current = by;
    void order.move(by);
  }

  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={`${className} bms-sortable`}
      data-dragging={sortable.isDragging || undefined}
    >
      <div className="bms-order-tools">
        {/* The pointer's handle; the keyboard's are the two buttons beside it. */}
        <span
          ref={sortable.setActivatorNodeRef}
          className="bms-order-handle"
          title={t("bmsOrder.drag", { name })}
          aria-hidden="true"
          {...sortable.listeners}
        >
          ⠿
        </span>
        <button
          ref={up}
          type="button"
          className="button"
          disabled={order.first || order.busy}
          aria-describedby={nameId}
          onClick={() => move(-1)}
        >
          {t("bmsOrder.moveUp")}
        </button>
        <button
          ref={down}
          type="button"
          className="button"
          disabled={order.last || order.busy}
          aria-describedby={nameId}
          onClick={() => move(1)}
        >
          {t("bmsOrder.moveDown")}
        </button>
      </div>
      {children}
    </li>
  );
}
