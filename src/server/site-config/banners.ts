import type { Page } from "../../shared/auth.ts";
import {
  BANNER_LIMITS,
  type BannerRecord,
  type CreateBannerInput,
  endsBeforeStart,
  isBannerLive,
  type OrderBannersInput,
  type UpdateBannerInput,
} from "../../shared/content.ts";
import { type ContentContext, invalid, notFound, readOnly } from "../content/service/shared.ts";
import { ApiError } from "../http/errors.ts";
import { assertLibraryImage } from "../photos/service.ts";
import { bannerRecord } from "./records.ts";
import * as siteRepo from "./repository.ts";

/**
 * The home page's banners: content/banners.json's first (read-only, in the file's order), then
 * the database's in the order the owner sets. A change reaches the site when the banner shows or
 * showed there (switched on and not ended, before or after the change).
 */

/** Every banner, in the carousel's order, as one page (banners are few: at most 100 rows). */
export async function listBanners(ctx: ContentContext): Promise<Page<BannerRecord>> {
  const rows = (await siteRepo.listBanners(ctx.db)).map(bannerRecord);
  const items = [...(await ctx.files.banners()), ...rows];
  return { items, total: items.length, page: 1, pageSize: Math.max(1, items.length) };
}

/**
 * A banner change needs a build when a version of it shows now; one that only will show (its
 * start to come) waits for the timer, which builds at its start.
 */
function changed(ctx: ContentContext, verb: string, ...versions: BannerRecord[]) {
  const now = new Date();
  if (versions.some((banner) => isBannerLive(banner, now)))
    ctx.publisher.contentChanged({ action: `banners.${verb}` });
  else if (versions.some((banner) => isBannerLive({ ...banner, startsAt: null }, now)))
    ctx.publisher.scheduleChanged?.();
}

async function fileBanner(ctx: ContentContext, id: string): Promise<BannerRecord> {
  const banner = (await ctx.files.banners()).find((item) => item.id === id);
  if (!banner) throw notFound("banner");
  return banner;
}

/** The window of a banner after an update: its end after its start. */
function checkWindow(startsAt: string | null, endsAt: string | null) {
  if (endsBeforeStart(startsAt, endsAt)) {
    throw invalid("endsAt", "must be after startsAt", "bmsBanners.problems.endBeforeStart");
  }
}

/** A window's time as the table keeps it (null for none); `undefined` for one left as it is. */
const dateOf = (value: string | null) => (value === null ? null : new Date(value));
const dateOrSame = (value: string | null | undefined) =>
  value === undefined ? undefined : dateOf(value);

export async function createBanner(
  ctx: ContentContext,
  input: CreateBannerInput,
): Promise<BannerRecord> {
  await assertLibraryImage(ctx, input.image);
  if ((await siteRepo.countBanners(ctx.db)) >= BANNER_LIMITS.count) {
    throw new ApiError(409, "conflict", `At most ${BANNER_LIMITS.count} banners`, {
      issues: [
        { field: "image", message: "one banner too many", key: "bmsBanners.problems.tooMany" },
      ],
    });
  }
  const row = await siteRepo.insertBanner(ctx.db, {
    ...input,
    startsAt: dateOf(input.startsAt),
    endsAt: dateOf(input.endsAt),
  });
  if (!row) throw notFound("banner");
  const banner = bannerRecord(row);
  changed(ctx, "create", banner);
  return banner;
}

export async function updateBanner(
  ctx: ContentContext,
  id: string,
  input: UpdateBannerInput,
): Promise<BannerRecord> {
  if (id.startsWith("file:")) throw readOnly((await fileBanner(ctx, id)).file);
  const current = await siteRepo.findBanner(ctx.db, id);
  if (!current) throw notFound("banner");
  const before = bannerRecord(current);
  checkWindow(
    input.startsAt === undefined ? before.startsAt : input.startsAt,
    input.endsAt === undefined ? before.endsAt : input.endsAt,
  );
  if (input.image !== undefined && input.image !== before.image) {
    await assertLibraryImage(ctx, input.image);
  }
  const row = await siteRepo.updateBanner(ctx.db, id, {
    ...input,
    startsAt: dateOrSame(input.startsAt),
    endsAt: dateOrSame(input.endsAt),
  });
  if (!row) throw notFound("banner");
  const after = bannerRecord(row);
  changed(ctx, "update", before, after);
  return after;
}

export async function deleteBanner(ctx: ContentContext, id: string): Promise<{ id: string }> {
  if (id.startsWith("file:")) throw readOnly((await fileBanner(ctx, id)).file);
  const row = await siteRepo.deleteBanner(ctx.db, id);
  if (!row) throw notFound("banner");
  changed(ctx, "delete", bannerRecord(row));
  return { id };
}

/**
 * Puts the database's banners in the order given: every one of them, each once, moved from the
 * order `seen`. A list that misses one or names one no longer there, or an order moved from
 * one that is no longer stored (another tab added, deleted or moved a banner meanwhile), is
 * refused with 409 and nothing moves.
 */
export async function orderBanners(
  ctx: ContentContext,
  input: OrderBannersInput,
): Promise<Page<BannerRecord>> {
  if (!(await siteRepo.orderBanners(ctx.db, input.ids, input.seen))) {
    throw new ApiError(
      409,
      "conflict",
      "The banners changed meanwhile: reload and order them again",
      {
        issues: [
          {
            field: "ids",
            message: "must name every banner of the database once, moved from the stored order",
            key: "bmsBanners.problems.orderStale",
          },
        ],
      },
    );
  }
  const list = await listBanners(ctx);
  changed(ctx, "order", ...list.items.filter((banner) => !banner.readOnly));
  return list;
}
