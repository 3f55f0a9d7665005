import type { BannerRecord, NavGroupRecord, NavLinkRecord } from "../../shared/content.ts";
import { iso, stored } from "../content/records.ts";
import type { BannerRow, NavGroupRow, NavLinkRow } from "./repository.ts";

// The site parts' rows as the API answers them (content/records.ts says how rows become records).

/** A banner's window as ISO times, like every time the API answers. */
export const bannerRecord = (row: BannerRow): BannerRecord => ({
  ...row,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
  ...stored(row),
});

export const navLinkRecord = (row: NavLinkRow): NavLinkRecord => ({ ...row, ...stored(row) });

/** A group with its links (those of `links` that are its own, in their order). */
export const navGroupRecord = (row: NavGroupRow, links: readonly NavLinkRow[]): NavGroupRecord => ({
  ...row,
  links: links.filter((link) => link.group === row.id).map(navLinkRecord),
  ...stored(row),
});
