import type { Locale, Translate } from "../../../i18n/core.ts";
import { type BannerRecord, bannerState } from "../../../shared/content.ts";
import { formatTime } from "../app/time.ts";

// What the banner screen says about a banner, as text.

/** A banner's name in a line: its title in the interface language, else the other one's. */
export const bannerName = (banner: Pick<BannerRecord, "title">, locale: Locale) =>
  banner.title[locale] || banner.title["zh-CN"] || banner.title["en-US"];

/** A banner's state as its badge says it: showing, to start, ended, or switched off. */
export function stateText(t: Translate, banner: BannerRecord, now = new Date()) {
  const state = bannerState(banner, now);
  const time =
    state === "scheduled" && banner.startsAt
      ? formatTime(banner.startsAt)
      : state === "ended" && banner.endsAt
        ? formatTime(banner.endsAt)
        : "";
  return { state, label: t(`bmsBanners.states.${state}`, { time }) };
}

/** When a banner shows: from, until, both, or no limit. */
export function windowText(t: Translate, banner: BannerRecord): string {
  const parts = [
    banner.startsAt ? t("bmsBanners.from", { time: formatTime(banner.startsAt) }) : "",
    banner.endsAt ? t("bmsBanners.until", { time: formatTime(banner.endsAt) }) : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : t("bmsBanners.always");
}
