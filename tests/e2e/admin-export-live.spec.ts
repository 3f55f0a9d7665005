import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { readArchive } from "../../src/server/backup/archive.ts";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin } from "./live-admin.ts";
import { needs, picture, shoot, sideways } from "./support.ts";

// The export of everything in /bms/userSet on the PostgreSQL server: the button downloads the
// dated archive, which holds the database's rows and no password hash; the section in both
// languages and themes at a phone's and a desktop's width.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

test("the export button downloads the whole site as one archive, without password hashes", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asAdmin(page, "导出者");
  await page.goto("/bms/userSet");
  const section = page.getByRole("region", { name: "Export everything" });
  const button = section.getByRole("button", { name: "Download the archive" });
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const day = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`blog-export-${day}.tar.gz`);
  await expect(
    section.getByRole("status").filter({ hasText: `Downloaded blog-export-${day}.tar.gz.` }),
  ).toBeVisible();
  const path = await download.path();
  const { manifest, files } = await readArchive(new Uint8Array(readFileSync(path)));
  expect(manifest.withPasswordHashes).toBe(false);
  const users: { userName: string; passwordHash: string | null }[] = JSON.parse(
    new TextDecoder().decode(files.get("data/users.json")),
  );
  expect(users.map((u) => u.userName)).toContain("导出者");
  expect(users.filter((u) => u.passwordHash !== null)).toEqual([]);
});

lookTests("the export section: axe finds nothing", async (page, look, testInfo) => {
  const { locale } = look;
  await asAdmin(page);
  await page.goto("/bms/userSet");
  const zh = locale === "zh-CN";
  const section = page.getByRole("region", { name: zh ? "导出全部内容" : "Export everything" });
  const button = section.getByRole("button", {
    name: zh ? "下载压缩档" : "Download the archive",
  });
  await section.scrollIntoViewIfNeeded();
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^blog-export-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
  await expect(section.getByRole("status")).toContainText(zh ? "已下载" : "Downloaded");
  // Reached by keyboard: the button takes focus and is shown focused.
  await button.focus();
  await expect(button).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  const name = `bms-export-${look.tag}`;
  await shoot(page, testInfo, name, 1);
  await picture(section, testInfo, `${name}-section`);
});
