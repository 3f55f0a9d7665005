import { useStore } from "@nanostores/react";
import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { BannerRecord } from "../../../shared/content.ts";
import { $locale } from "../../../stores/locale.ts";
import { contentListWords } from "../app/content/list-words.ts";
import { ListSection, type ListState, useListState } from "../app/ListSection.tsx";
import { useLibraryImages } from "../app/media/queries.ts";
import { SortableList, useOrderedList } from "../app/ordering.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { BannerForm } from "./BannerForm.tsx";
import { BannerItem } from "./BannerItem.tsx";
import { bannerName } from "./facts.ts";
import { useBanners, useOrderBanners, useRefreshBanners } from "./queries.ts";
import "./banners.css";

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

interface RowsProps {
  t: Translate;
  items: readonly BannerRecord[];
  busy: boolean;
  state: ListState;
  opened: string | null;
}

/** The list: files' banners first (they keep the file's order), then the database's, sortable. */
function BannerRows({ t, items, busy, state, opened }: RowsProps) {
  const locale = useStore($locale);
  const order = useOrderBanners();
  const refresh = useRefreshBanners();
  const images = useLibraryImages(items.flatMap((item) => (item.readOnly ? [] : [item.image])));
  const files = items.filter((item) => item.readOnly);
  const list = useOrderedList({
    t,
    rows: items.filter((item) => !item.readOnly),
    fixed: files.length,
    save: order.mutateAsync,
    refresh,
    name: (banner) => bannerName(banner, locale),
    report: state.report,
  });

  /** A banner at `place` of all; the database's have their `index` among themselves. */
  const item = (banner: BannerRecord, place: number, index?: number) => (
    <BannerItem
      key={banner.id}
      t={t}
      banner={banner}
      place={place}
      count={list.count}
      images={images}
      state={state}
      opened={opened === banner.id}
      order={index === undefined ? undefined : list.orderingOf(index)}
    />
  );

  return (
    <SortableList
      list={list}
      className="bms-items bms-banner-list"
      busy={busy}
      before={files.map((banner, index) => item(banner, index + 1))}
    >
      {list.shown.map((banner, index) => item(banner, files.length + index + 1, index))}
    </SortableList>
  );
}
