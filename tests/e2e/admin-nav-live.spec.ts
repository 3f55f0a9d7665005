import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { UserInfo } from "../../src/shared/user-info.ts";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, bearer, sql } from "./live-admin.ts";
import { needs, shoot, sideways } from "./support.ts";

// The site navigation screen of the back office (`/bms/site-nav`) on the PostgreSQL server, as a
// fresh admin: a group and its links added, a bad address refused, a link edited, hidden,
// checked and deleted; groups and links ordered by Move up; the file's groups first, read-only.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function addGroup(request: APIRequestContext, admin: UserInfo, name: string) {
  const res = await request.post("/api/admin/nav/groups", {
    headers: bearer(admin),
    data: { name: { "zh-CN": name, "en-US": name } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.id as string;
}

async function addLink(request: APIRequestContext, admin: UserInfo, group: string, title: string) {
  const res = await request.post("/api/admin/nav/links", {
    headers: bearer(admin),
    data: { group, title: { "zh-CN": title, "en-US": title }, url: `/p/${stamp()}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.id as string;
}

async function openScreen(page: Page) {
  await page.goto("/bms/site-nav");
  await expect(page.getByRole("heading", { name: "All groups" })).toBeVisible();
  await expect(page.getByText("Written in content/site-nav.json").first()).toBeVisible();
}

const groupOf = (page: Page, name: string) =>
  page
    .locator(".bms-nav-groups > li")
    .filter({ has: page.getByRole("heading", { level: 3, name }) });

test("a group and its links are added, a bad address refused, a link edited, hidden, checked and deleted", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asAdmin(page);
  await openScreen(page);
  // The seed's groups come first, read-only: no tools of their own.
  const files = page
    .locator(".bms-nav-groups > li")
    .filter({ hasText: "Written in content/site-nav.json" });
  await expect(files).toHaveCount(3);
  await expect(files.first().getByRole("button")).toHaveCount(0);

  const form = page.getByRole("form", { name: "Add a group" });
  await form.getByRole("button", { name: "Add group" }).click();
  await expect(form.getByText("Enter the name in both languages.").first()).toBeVisible();
  const name = `Friends ${stamp()}`;
  await form.getByLabel("Chinese name").fill("朋友们");
  await form.getByLabel("English name").fill(name);
  await form.getByRole("button", { name: "Add group" }).click();
  await expect(page.getByText(`Added the group “${name}”.`)).toBeVisible();
  const group = groupOf(page, name);
  await expect(group.getByText("No links in this group yet.")).toBeVisible();

  await group.getByRole("button", { name: `Add a link to “${name}”` }).click();
  const add = group.getByRole("form", { name: `Add a link to “${name}”` });
  await add.getByLabel("Chinese title").fill("小站");
  await add.getByLabel("English title").fill("A small site");
  await add.getByLabel("Address").fill("javascript:alert(1)");
  await add.getByRole("button", { name: "Add link" }).click();
  await expect(
    add.getByText("Enter an http:// or https:// address, or a path on this site starting with /."),
  ).toBeVisible();
  await add.getByLabel("Address").fill("http://127.0.0.1:9/nothing");
  await add.getByRole("button", { name: "Add link" }).click();
  await expect(page.getByText("Added the link “A small site”.")).toBeVisible();
  const link = group
    .locator(".bms-nav-links > li")
    .filter({ has: page.getByRole("heading", { name: "A small site" }) });
  await expect(link.getByText("Opens another site")).toBeVisible();
  const [row] = await sql<{ id: string; url: string; hidden: boolean }[]>`
    select l.id, l.url, l.hidden from nav_links l join nav_groups g on g.id = l.group_id
    where g.name->>'en-US' = ${name}`;
  expect(row).toMatchObject({ url: "http://127.0.0.1:9/nothing", hidden: false });

  // Edited in place: the description and an address on this site.
  await link.getByRole("button", { name: "Edit" }).click();
  const edit = link.getByRole("group", { name: "Editing “A small site”" });
  await edit.getByLabel("English description").fill("Where friends write.");
  await edit.getByLabel("Address").fill("/about");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved the link “A small site”.")).toBeVisible();
  await expect(link.getByText("Where friends write.")).toBeVisible();
  await expect(link.getByText("Opens another site")).toHaveCount(0);
  await expect(link.getByRole("button", { name: "Edit" })).toBeFocused();

  await link.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByText("“A small site” is hidden from the page.")).toBeVisible();
  await expect(link.getByText("Hidden", { exact: true })).toBeVisible();
  expect((await sql`select hidden from nav_links where id = ${row?.id ?? ""}`)[0]).toEqual({
    hidden: true,
  });

  // Checking: every link answers something, the seed's outside addresses too (no network here:
  // unreachable), and the check ends.
  await page.getByRole("button", { name: "Check links" }).click();
  await expect(page.getByText(/^Checked \d+ links?: \d+ working, \d+ not\.$/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(link.locator("[data-outcome]")).toHaveCount(1);

  await link.getByRole("button", { name: "Delete" }).click();
  await link.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText("Deleted the link “A small site”.")).toBeVisible();
  await group.getByRole("button", { name: "Delete" }).click();
  await expect(group.getByText(`Delete the group “${name}” and its 0 links?`)).toBeVisible();
  await group.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText(`Deleted the group “${name}”.`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "All groups" })).toBeFocused();
  expect(await sql`select id from nav_groups where name->>'en-US' = ${name}`).toEqual([]);
});

test("groups and a group's links are ordered by Move up; a stale order is refused and reloaded", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await asAdmin(page);
  const tag = stamp();
  const [a, b] = [`Group A ${tag}`, `Group B ${tag}`];
  const ga = await addGroup(page.request, admin, a);
  await addGroup(page.request, admin, b);
  const [x, y] = [`Link X ${tag}`, `Link Y ${tag}`];
  await addLink(page.request, admin, ga, x);
  await addLink(page.request, admin, ga, y);
  await openScreen(page);
  const groups = async () =>
    (await page.locator(".bms-nav-groups > li h3").allTextContents()).filter((t) =>
      t.includes(tag),
    );
  const links = () => groupOf(page, a).locator(".bms-nav-links h4").allTextContents();
  await expect.poll(groups).toEqual([a, b]);
  await expect.poll(links).toEqual([x, y]);

  await groupOf(page, b).getByRole("button", { name: "Move up" }).first().click();
  await expect(page.getByText(`Moved “${b}” to place`)).toBeVisible();
  await expect.poll(groups).toEqual([b, a]);

  const itemY = groupOf(page, a)
    .locator(".bms-nav-links > li")
    .filter({ has: page.getByRole("heading", { name: y }) });
  await itemY.getByRole("button", { name: "Move up" }).click();
  await expect(page.getByText(`Moved “${y}” to place 1 of 2.`)).toBeVisible();
  await expect.poll(links).toEqual([y, x]);
  await expect(itemY.getByRole("button", { name: "Move down" })).toBeFocused();
  await page.reload();
  await expect.poll(links).toEqual([y, x]);

  // Another tab adds a link meanwhile: this tab's order is refused whole and the list reloads.
  const z = `Link Z ${tag}`;
  await addLink(page.request, admin, ga, z);
  await itemY.getByRole("button", { name: "Move down" }).click();
  await expect(
    page.getByText(
      "The navigation changed in another tab meanwhile: the list is reloaded, order it again.",
    ),
  ).toBeVisible();
  await expect.poll(links).toEqual([y, x, z]);
});

lookTests("the navigation screen: axe finds nothing", async (page, look, testInfo) => {
  const admin = await asAdmin(page);
  const group = await addGroup(page.request, admin, `Look ${stamp()}`);
  await addLink(page.request, admin, group, `Look link ${stamp()}`);
  await page.goto("/bms/site-nav");
  await expect(page.locator(".bms-nav-groups .bms-order-handle").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await shoot(page, testInfo, `bms-site-nav-${look.tag}`);
});
