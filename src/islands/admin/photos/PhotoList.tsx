import { useStore } from "@nanostores/react";
import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { api, send } from "../../../shared/api-client.ts";
import { type ItemCounts, NO_ALBUM, PHOTO_SORTS } from "../../../shared/content.ts";
import { CONTENT_LIMITS, CONTENT_STATUSES } from "../../../shared/content-rules.ts";
import { $locale } from "../../../stores/locale.ts";
import { counted, useItemCounts } from "../app/content/counts.ts";
import { type Choice, choices } from "../app/fields.tsx";
import { ListSection, useListState } from "../app/ListSection.tsx";
import { FilterSelect, FilterSelects, SearchField, useFilters } from "../app/list-parts.tsx";
import { useSettled } from "../app/query.ts";
import { ScreenLink } from "../app/ScreenLink.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { AlbumsSection } from "./Albums.tsx";
import { albumChoices, albumName } from "./facts.ts";
import { PhotoBulk, usePhotoSelection } from "./PhotoBulk.tsx";
import { PhotoGrid } from "./PhotoGrid.tsx";
import { PhotoTagsSection } from "./PhotoTags.tsx";
import { type PhotoFilters, photosKey, useAlbums, usePhotoPage } from "./queries.ts";
import "../app/content/content.css";
import "../app/content/articles.css";
import "./photos.css";

const NO_FILTERS: PhotoFilters = {
  q: "",
  status: "",
  album: "",
  tag: "",
  featured: "",
  sort: "",
};

/**
 * `/bms/photo`: every photo (database rows and files) as a grid of thumbnails under search and
 * filters, each opening in the editor, with bulk tools for the selected ones; then the albums.
 */
export function PhotoList({ t, navigate }: ScreenProps) {
  const id = useId();
  const locale = useStore($locale);
  const state = useListState(true);
  const { filters, change } = useFilters(NO_FILTERS, state.setPage, true);
  const q = useSettled(filters.q, 200);
  const tag = useSettled(filters.tag, 200);
  const list = usePhotoPage({ ...filters, q, tag }, state.page);
  const albums = albumChoices(useAlbums().data?.items, locale);
  const counts = useItemCounts(photosKey, () => send(api.admin.photos.counts.$get())).data;
  const selection = usePhotoSelection();
  const { sort: _sort, ...narrowing } = filters;
  const filtered = Object.values(narrowing).some(Boolean);
  return (
    <div className="bms-content bms-photos">
      <ListSection
        t={t}
        words={{
          title: t("bmsPhotos.list"),
          total: (count) => t("bmsPhotos.total", { count }),
          loading: t("bmsPhotos.loading"),
          failed: t("bmsPhotos.failed"),
          empty: t(filtered ? "bmsPhotos.noMatch" : "bmsPhotos.empty"),
          retry: t("bmsContent.retry"),
        }}
        query={list}
        state={state}
        retry
        actions={
          <ScreenLink
            navigate={navigate}
            route="editPhoto"
            className="button button-primary bms-new"
          >
            {t("bmsPhotos.newPhoto")}
          </ScreenLink>
        }
        filters={
          <PhotoFilterFields
            t={t}
            id={id}
            filters={filters}
            albums={albums}
            counts={counts}
            onChange={change}
          />
        }
        items={(page, busy) => (
          <>
            <PhotoBulk
              t={t}
              items={page.items}
              selection={selection}
              albums={albums}
              report={state.report}
              onAllDeleted={state.deleted}
            />
            <PhotoGrid
              t={t}
              items={page.items}
              busy={busy}
              albumName={(slug) => albumName(albums, slug)}
              navigate={navigate}
              selection={selection}
            />
          </>
        )}
      />
      <AlbumsSection t={t} />
      <PhotoTagsSection t={t} />
    </div>
  );
}

/** The list's search box, its status, album and featured filters, and a tag typed in. */
function PhotoFilterFields({
  t,
  id,
  filters,
  albums,
  counts,
  onChange,
}: {
  t: Translate;
  id: string;
  filters: PhotoFilters;
  albums: readonly Choice[];
  counts: ItemCounts | undefined;
  onChange: (name: keyof PhotoFilters, value: string) => void;
}) {
  // An album chosen stays a choice while the albums load, or after it was deleted.
  const albumOptions = [
    { value: NO_ALBUM, label: t("bmsPhotos.inNoAlbum") },
    ...albums,
    ...(filters.album &&
    filters.album !== NO_ALBUM &&
    !albums.some((a) => a.value === filters.album)
      ? [{ value: filters.album, label: filters.album }]
      : []),
  ];
  return (
    <search className="bms-filters" aria-label={t("bmsPhotos.filters")}>
      <SearchField
        id={`${id}-q`}
        label={t("bmsPhotos.search")}
        value={filters.q}
        maxLength={CONTENT_LIMITS.q}
        onChange={(q) => onChange("q", q)}
      />
      <FilterSelects
        id={id}
        any={t("bmsArticles.any")}
        values={filters}
        onChange={onChange}
        fields={[
          {
            name: "status",
            label: t("bmsArticles.status"),
            options: counted(
              t,
              choices(CONTENT_STATUSES, (s) => t(`bmsNotes.statuses.${s}`)),
              counts?.statuses,
            ),
          },
          {
            name: "album",
            label: t("bmsPhotos.album"),
            // The counts name photos in no album "" (the filter's choice is NO_ALBUM).
            options: counted(
              t,
              albumOptions,
              counts && { ...counts.groups, [NO_ALBUM]: counts.groups[""] ?? 0 },
            ),
          },
          {
            name: "featured",
            label: t("bmsPhotos.featured"),
            options: [
              { value: "true", label: t("bmsPhotos.featuredOnly") },
              { value: "false", label: t("bmsPhotos.notFeatured") },
            ],
          },
        ]}
      />
      <span className="bms-filter">
        <label htmlFor={`${id}-tag`}>{t("bmsPhotos.tag")}</label>
        <input
          id={`${id}-tag`}
          type="text"
          className="field-input bms-photo-tag"
          value={filters.tag}
          maxLength={CONTENT_LIMITS.tag}
          onChange={(event) => onChange("tag", event.currentTarget.value)}
        />
      </span>
      <FilterSelect
        id={`${id}-sort`}
        label={t("bmsPhotos.sort")}
        any={t("bmsPhotos.sorts.published")}
        value={filters.sort}
        options={PHOTO_SORTS.filter((sort) => sort !== "published").map((sort) => ({
          value: sort,
          label: t(`bmsPhotos.sorts.${sort}`),
        }))}
        onChange={(sort) => onChange("sort", sort)}
      />
    </search>
  );
}
