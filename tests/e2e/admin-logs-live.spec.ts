import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, bearer, sql } from "./live-admin.ts";
import { needs, shoot, sideways } from "./support.ts";

// The log center (`/bms/LogCenter`) on the PostgreSQL server, as a fresh admin: the request log
// filtered by status and path, an entry's details, a CSV export of the filter; the audit log
// showing an admin's change with the item before and after.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openLog(page: Page, search = "") {
  await page.goto(`/bms/LogCenter${search}`);
  await expect(page.locator(".bms-log-table tbody tr").first()).toBeVisible();
}

test("the request log is filtered, an entry opened and the filter exported as CSV", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asAdmin(page);
  const missing = `/api/missing-${stamp()}`;
  expect((await page.request.get(missing)).status()).toBe(404);
  await openLog(page);
  await expect(page.getByRole("heading", { name: "Requests" })).toBeVisible();

  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Status").selectOption("4xx");
  await filters.getByLabel("Path starts with").fill(missing);
  const rows = page.locator(".bms-log-table tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(missing);
  await expect(rows.first()).toContainText("404");
  await expect(rows.first()).toContainText("Not signed in");
  // The filters are in the address: a reload keeps them.
  expect(page.url()).toContain("status=4xx");
  await page.reload();
  await expect(rows).toHaveCount(1);

  await rows
    .first()
    .getByRole("button", { name: /^Details of entry/ })
    .click();
  const dialog = page.getByRole("dialog", { name: /^Details of entry/ });
  await expect(dialog.getByText(missing)).toBeVisible();
  await expect(dialog.getByText(/\.\*$/)).toBeVisible();
  await expect(dialog.getByText("Mozilla", { exact: false })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export as CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await file.path(), "utf8");
  const lines = text.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${missing}"`);
  await expect(page.getByText(`Downloaded ${file.suggestedFilename()}.`)).toBeVisible();

  // A range that runs backwards is said on the form.
  await filters.getByLabel("From").fill("2026-11-02T10:00");
  await filters.getByLabel("To").fill("2026-11-01T10:00");
  await expect(filters.getByRole("alert")).toHaveText("The end must come after the start.");
});

test("the audit log shows an admin's change with the item before and after", async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await asAdmin(page);
  const name = `Audit ${stamp()}`;
  const made = await page.request.post("/api/admin/nav/groups", {
    headers: bearer(admin),
    data: { name: { "zh-CN": "审计", "en-US": name } },
  });
  const id = (await made.json()).data.id;
  await page.request.put(`/api/admin/nav/groups/${id}`, {
    headers: bearer(admin),
    data: { name: { "zh-CN": "审计", "en-US": `${name} renamed` } },
  });
  await openLog(page, "?log=audit");
  await expect(page.getByRole("link", { name: "Requests" })).toBeVisible();
  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Action").selectOption("nav.groups.update");
  await page.getByPlaceholder("Search the entries").fill(name);
  const rows = page.locator(".bms-log-table tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${name} renamed`);
  // The action in words, not its identifier.
  await expect(rows.first()).toContainText("Navigation groups: changed");
  await rows
    .first()
    .getByRole("button", { name: /^Details of entry/ })
    .click();
  const dialog = page.getByRole("dialog", { name: /^Details of entry/ });
  const before = dialog
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Before" }) });
  const after = dialog
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "After" }) });
  await expect(before).toContainText(`"en-US": "${name}"`);
  await expect(after).toContainText(`"en-US": "${name} renamed"`);
  expect(await sql`select count(*)::int as n from audit_logs where target_id = ${id}`).toEqual([
    { n: 2 },
  ]);
});

for (const log of ["requests", "audit"] as const) {
  lookTests(`the ${log} log: axe finds nothing`, async (page, look, testInfo) => {
    const admin = await asAdmin(page);
    await page.request.post("/api/admin/nav/groups", {
      headers: bearer(admin),
      data: { name: { "zh-CN": "外观", "en-US": `Look ${stamp()}` } },
    });
    // Entries as long as a log holds: a long path and action, an IPv6 address, a slow answer.
    const ipv6 = "2001:db8:85a3:8d3::*";
    await sql`insert into request_logs (method, path, status, duration_ms, ip)
        values ('DELETE', ${`/api/admin/articles/${crypto.randomUUID()}/revisions`}, 503, 12345, ${ipv6})`;
    await sql`insert into audit_logs (actor_name, action, method, path, target_label, ip)
        values ('editor', 'articles.revisions.restore', 'POST', '/api/admin/articles', ${`A draft with a long title ${stamp()}`}, ${ipv6})`;
    await openLog(page, log === "audit" ? "?log=audit" : "");
    expect(await axeViolations(page)).toEqual([]);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    // The table fits the screen's column, clear of the floating buttons, without scrolling
    // sideways; a path or an item keeps room for more than a few characters a line.
    const fit = await page.locator(".bms-table-wrap").evaluate((wrap) => {
      const column = wrap.closest(".bms-main")?.getBoundingClientRect().right ?? 0;
      return {
        past: wrap.getBoundingClientRect().right - column,
        scrolls: wrap.scrollWidth - wrap.clientWidth,
        path: wrap.querySelector("td.bms-log-path")?.getBoundingClientRect().width ?? 0,
      };
    });
    expect(fit.past).toBeLessThanOrEqual(0);
    expect(fit.scrolls).toBeLessThanOrEqual(0);
    expect(fit.path).toBeGreaterThanOrEqual(150);
    await page.locator(".bms-log-table tbody tr").first().getByRole("button").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("dialog").locator("dl")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, testInfo, `bms-logs-${log}-${look.tag}`, 1);
  });
}
