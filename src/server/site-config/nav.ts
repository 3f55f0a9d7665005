import type { Page } from "../../shared/auth.ts";
import {
  type CreateNavGroupInput,
  type CreateNavLinkInput,
  NAV_LIMITS,
  type NavGroupRecord,
  type NavLinkRecord,
  type OrderNavInput,
  type UpdateNavGroupInput,
  type UpdateNavLinkInput,
} from "../../shared/content.ts";
import { type ContentContext, invalid, notFound, readOnly } from "../content/service/shared.ts";
import { ApiError } from "../http/errors.ts";
import { assertLibraryImage } from "../photos/service.ts";
import { navGroupRecord, navLinkRecord } from "./records.ts";
import * as siteRepo from "./repository.ts";

/**
 * The site navigation (`/site-navigation`): content/site-nav.json's groups first (read-only, in
 * the file's order), then the database's in the order the owner sets, each with its links in
 * theirs. Every change the page shows rebuilds the site; a hidden link's edits that leave it
 * hidden do not.
 */

export type NavList = Page<NavGroupRecord>;

/** Every group with its links, in the page's order, as one page (at most 50 groups, 500 links). */
export async function listNav(ctx: ContentContext): Promise<NavList> {
  const [groups, links] = await Promise.all([
    siteRepo.listNavGroups(ctx.db),
    siteRepo.listNavLinks(ctx.db),
  ]);
  const items = [
    ...(await ctx.files.navigation()),
    ...groups.map((group) => navGroupRecord(group, links)),
  ];
  return { items, total: items.length, page: 1, pageSize: Math.max(1, items.length) };
}

async function fileItem(ctx: ContentContext, id: string): Promise<ApiError> {
  const groups = await ctx.files.navigation();
  const found =
    groups.find((g) => g.id === id) ?? groups.flatMap((g) => g.links).find((l) => l.id === id);
  return found ? readOnly(found.file) : notFound("navigation item");
}

function tooMany(what: "groups" | "links"): ApiError {
  const limit = NAV_LIMITS[what];
  return new ApiError(409, "conflict", `At most ${limit} ${what}`, {
    issues: [
      {
        field: what === "groups" ? "name" : "title",
        message: `one ${what === "groups" ? "group" : "link"} too many`,
        key: "bmsNav.problems.tooMany",
        values: { limit },
      },
    ],
  });
}

/** The group a link goes to: one of the database's. */
async function assertGroup(ctx: ContentContext, group: string): Promise<void> {
  if (!(await siteRepo.findNavGroup(ctx.db, group))) {
    throw invalid("group", "no such group in the database", "bmsNav.problems.noGroup");
  }
}

async function assertIcon(ctx: ContentContext, icon: string | undefined, before?: string) {
  if (icon && icon !== before) {
    try {
      await assertLibraryImage(ctx, icon);
    } catch {
      throw invalid(
        "icon",
        `no image ${icon} in the media library`,
        "bmsPhotos.problems.imageMissing",
      );
    }
  }
}

const changed = (ctx: ContentContext, action: string) => ctx.publisher.contentChanged({ action });

export async function createNavGroup(
  ctx: ContentContext,
  input: CreateNavGroupInput,
): Promise<NavGroupRecord> {
  if ((await siteRepo.countNav(ctx.db)).groups >= NAV_LIMITS.groups) throw tooMany("groups");
  const row = await siteRepo.insertNavGroup(ctx.db, input);
  if (!row) throw notFound("group");
  changed(ctx, "nav.groups.create");
  return navGroupRecord(row, []);
}

export async function updateNavGroup(
  ctx: ContentContext,
  id: string,
  input: UpdateNavGroupInput,
): Promise<NavGroupRecord> {
  if (id.startsWith("file:")) throw await fileItem(ctx, id);
  const row = await siteRepo.updateNavGroup(ctx.db, id, input);
  if (!row) throw notFound("group");
  changed(ctx, "nav.groups.update");
  return navGroupRecord(row, await siteRepo.listNavLinks(ctx.db));
}

/** Deletes a group and its links. */
export async function deleteNavGroup(ctx: ContentContext, id: string): Promise<{ id: string }> {
  if (id.startsWith("file:")) throw await fileItem(ctx, id);
  if (!(await siteRepo.deleteNavGroup(ctx.db, id))) throw notFound("group");
  changed(ctx, "nav.groups.delete");
  return { id };
}

export async function createNavLink(
  ctx: ContentContext,
  input: CreateNavLinkInput,
): Promise<NavLinkRecord> {
  await assertGroup(ctx, input.group);
  await assertIcon(ctx, input.icon);
  if ((await siteRepo.countNav(ctx.db)).links >= NAV_LIMITS.links) throw tooMany("links");
  const row = await siteRepo.insertNavLink(ctx.db, input);
  if (!row) throw notFound("link");
  if (!row.hidden) changed(ctx, "nav.links.create");
  return navLinkRecord(row);
}

export async function updateNavLink(
  ctx: ContentContext,
  id: string,
  input: UpdateNavLinkInput,
): Promise<NavLinkRecord> {
  if (id.startsWith("file:")) throw await fileItem(ctx, id);
  const before = await siteRepo.findNavLink(ctx.db, id);
  if (!before) throw notFound("link");
  const moved = input.group !== undefined && input.group !== before.group;
  if (moved && input.group) await assertGroup(ctx, input.group);
  await assertIcon(ctx, input.icon, before.icon);
  const row = await siteRepo.updateNavLink(ctx.db, id, input, moved);
  if (!row) throw notFound("link");
  if (!(before.hidden && row.hidden)) changed(ctx, "nav.links.update");
  return navLinkRecord(row);
}

export async function deleteNavLink(ctx: ContentContext, id: string): Promise<{ id: string }> {
  if (id.startsWith("file:")) throw await fileItem(ctx, id);
  const row = await siteRepo.deleteNavLink(ctx.db, id);
  if (!row) throw notFound("link");
  if (!row.hidden) changed(ctx, "nav.links.delete");
  return { id };
}

function staleOrder(): ApiError {
  return new ApiError(
    409,
    "conflict",
    "The navigation changed meanwhile: reload and order it again",
    {
      issues: [
        {
          field: "ids",
          message: "must name every item once, moved from the stored order",
          key: "bmsNav.problems.orderStale",
        },
      ],
    },
  );
}

/** Puts the database's groups in the order given (every one, moved from the stored order). */
export async function orderNavGroups(ctx: ContentContext, input: OrderNavInput): Promise<NavList> {
  if (!(await siteRepo.orderNavGroups(ctx.db, input.ids, input.seen))) throw staleOrder();
  changed(ctx, "nav.order");
  return listNav(ctx);
}

/** Puts a database group's links in the order given (every one, moved from the stored order). */
export async function orderNavLinks(
  ctx: ContentContext,
  group: string,
  input: OrderNavInput,
): Promise<NavList> {
  if (group.startsWith("file:")) throw await fileItem(ctx, group);
  if (!(await siteRepo.findNavGroup(ctx.db, group))) throw notFound("group");
  if (!(await siteRepo.orderNavLinks(ctx.db, group, input.ids, input.seen))) throw staleOrder();
  changed(ctx, "nav.order");
  return listNav(ctx);
}
