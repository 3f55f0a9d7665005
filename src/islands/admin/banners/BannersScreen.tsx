import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import type { Locale, Translate } from "../../../i18n/core.ts";
import type { BannerRecord } from "../../../shared/content.ts";
import { $locale } from "../../../stores/locale.ts";
import { ListSection, type ListState, useListState } from "../app/ListSection.tsx";
import { contentListWords } from "../content/list-words.ts";
import { useLibraryImages } from "../media/queries.ts";
import type { ScreenProps } from "../screen-props.ts";
import { BannerForm } from "./BannerForm.tsx";
import { BannerItem } from "./BannerItem.tsx";
import { bannerName } from "./facts.ts";
import { useBanners, useOrderBanners, useRefreshBanners } from "./queries.ts";
import { moved } from "./schema.ts";
import "./banners.css";
import { failureText } from "../app/form.tsx";

/**
 * `/bms/bannerSet`: the home page's banners in the carousel's order (content/banners.json's
 * first, read-only), each with its image, its state and its window; the database's move by
 * dragging their handle (mouse or touch) or by Move up and Move down (keyboard); inline edits,
 * a switch, deletes, and an add form. `?id=` opens that banner's edit form (the media library's
 * "used by" links here).
 */
export function BannersScreen({ t, search }: ScreenProps) {
  const list = useBanners();
  const state = useListState();
  const addId = useId();
  const opened = new URLSearchParams(search).get("id");
  return (
    <div className="bms-content bms-banners">
      <p className="bms-intro">{t("bmsBanners.intro")}</p>
      <ListSection
        t={t}
        words={contentListWords(t, "bmsBanners")}
        query={list}
        state={state}
        retry
        pagerIfMany
        items={(page, busy) => (
          <BannerRows t={t} items={page.items} busy={busy} state={state} opened={opened} />
        )}
      />
      <section aria-labelledby={`${addId}-add`}>
        <BannerForm
          t={t}
          headingId={`${addId}-add`}
          onSaved={(name) => state.report(true, t("bmsBanners.added", { name }))}
        />
      </section>
    </div>
  );
}

/** Where a banner sits among all of them, counted from 1, as the announcements say it. */
function placeOf(items: readonly BannerRecord[], id: string | number): number {
  return items.findIndex((item) => item.id === id) + 1;
}

/** What dnd-kit says to a screen reader as a banner is picked up, moved and dropped. */
function announcements(
  t: Translate,
  items: readonly BannerRecord[],
  locale: Locale,
): Announcements {
  const name = (id: string | number) => {
    const banner = items.find((item) => item.id === id);
    return banner ? bannerName(banner, locale) : "";
  };
  const count = items.length;
  return {
    onDragStart: ({ active }) =>
      t("bmsBanners.dragPicked", {
        name: name(active.id),
        place: placeOf(items, active.id),
        count,
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t("bmsBanners.dragOver", { name: name(active.id), place: placeOf(items, over.id), count })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t("bmsBanners.dragDropped", {
            name: name(active.id),
            place: placeOf(items, over.id),
            count,
          })
        : t("bmsBanners.dragCancelled", { name: name(active.id) }),
    onDragCancel: ({ active }) => t("bmsBanners.dragCancelled", { name: name(active.id) }),
  };
}

interface RowsProps {
  t: Translate;
  items: readonly BannerRecord[];
  busy: boolean;
  state: ListState;
  opened: string | null;
}

/**
 * The list: files' banners first (they keep the file's order), then the database's, sortable.
 * While a new order is saved the list shows it already; a refused order (another tab changed
 * the banners) puts the server's back and says so.
 */
function BannerRows({ t, items, busy, state, opened }: RowsProps) {
  const locale = useStore($locale);
  const order = useOrderBanners();
  const refresh = useRefreshBanners();
  const [pending, setPending] = useState<string[] | null>(null);
  const images = useLibraryImages(items.flatMap((item) => (item.readOnly ? [] : [item.image])));
  const files = items.filter((item) => item.readOnly);
  const rows = items.filter((item) => !item.readOnly);
  const ids = pending ?? rows.map((item) => item.id);
  const shown = ids.flatMap((id) => rows.filter((item) => item.id === id));
  const all = [...files, ...shown];
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // No keyboard dragging: dnd-kit's keyboard sensor put a banner in the wrong place once the
    // page scrolled under it (measured on a list longer than the window). The keyboard's way is
    // Move up and Move down, beside every handle.
  );

  /** Moves the banner at `from` (among the database's) to `to`, saying where it went. */
  async function move(from: number, to: number) {
    const next = moved(ids, from, to);
    const banner = shown[from];
    if (!banner || next.every((id, at) => id === ids[at])) return;
    setPending(next);
    try {
      await order.mutateAsync({ ids: next, seen: ids });
      state.report(
        true,
        t("bmsBanners.movedTo", {
          name: bannerName(banner, locale),
          place: files.length + to + 1,
          count: all.length,
        }),
      );
    } catch (error) {
      state.report(false, failureText(t, error));
      await refresh();
    } finally {
      setPending(null);
    }
  }

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    void move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }

  /** A banner at `place` of all; the database's have their `index` among themselves. */
  const item = (banner: BannerRecord, place: number, index?: number) => (
    <BannerItem
      key={banner.id}
      t={t}
      banner={banner}
      place={place}
      count={all.length}
      images={images}
      state={state}
      opened={opened === banner.id}
      order={
        index === undefined
          ? undefined
          : {
              first: index === 0,
              last: index === shown.length - 1,
              busy: order.isPending,
              move: (by) => move(index, index + by),
            }
      }
    />
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ announcements: announcements(t, all, locale) }}
    >
      <ul className="bms-items bms-banner-list" aria-busy={busy || order.isPending || undefined}>
        {files.map((banner, index) => item(banner, index + 1))}
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {shown.map((banner, index) => item(banner, files.length + index + 1, index))}
        </SortableContext>
      </ul>
    </DndContext>
  );
}
