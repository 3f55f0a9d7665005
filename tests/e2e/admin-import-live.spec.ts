import { expect, type Page, test } from "@playwright/test";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, sql } from "./live-admin.ts";
import { needs, picture, shoot, sideways } from "./support.ts";

// The import of another blog in /bms/userSet on the PostgreSQL server: a WordPress export
// (WordPress's own importer's test data) chosen, what it brings shown, imported, listed, and
// removed; a file that is no export refused in the interface's words; the section in both
// languages and themes at a phone's and a desktop's width.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const WXR = "tests/fixtures/import/wordpress-importer/small-export.xml";

const words = (zh: boolean) =>
  zh
    ? {
        section: "导入博客",
        file: "导出文件",
        check: "查看会导入什么",
        import: "导入",
        preview: "导入 small-export.xml 会带来",
        imported: "已从 small-export.xml 导入",
        done: "导入完成，网站正在重新构建。",
        history: "导入记录",
        empty: "还没有导入过。",
        remove: "移除",
        removed: "已移除，网站正在重新构建。",
        type: "请选择 .xml、.json 或 .zip 文件。",
      }
    : {
        section: "Import a blog",
        file: "Export file",
        check: "See what it brings",
        import: "Import",
        preview: "What importing small-export.xml brings",
        imported: "Imported from small-export.xml",
        done: "Imported. The site is being rebuilt.",
        history: "Imports made",
        empty: "No imports yet.",
        remove: "Remove",
        removed: "Removed. The site is being rebuilt.",
        type: "Choose a .xml, .json or .zip file.",
      };

/**
 * Reads the export, imports it, and answers the section, its words and the history's list.
 * `watch` holds the import half-written until the bar has shown the server's count.
 */
async function importExport(page: Page, zh: boolean, watch = false) {
  const w = words(zh);
  const section = page.getByRole("region", { name: w.section });
  await section.getByLabel(w.file).setInputFiles(WXR);
  await section.getByRole("button", { name: w.check }).click();
  const report = section.getByRole("region", { name: w.preview });
  await expect(report).toBeVisible();
  // Watched: the import is held at its comments (their table locked) to see the bar count.
  let release = () => {};
  let held: Promise<unknown> = Promise.resolve();
  if (watch) {
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    held = sql.begin(async (tx) => {
      await tx`lock table comments in exclusive mode`;
      await released;
    });
    await expect
      .poll(async () => {
        const [row] = await sql`select count(*)::int as n from pg_locks l
          join pg_class c on c.oid = l.relation
          where c.relname = 'comments' and l.mode = 'ExclusiveLock' and l.granted`;
        return row?.n;
      })
      .toBe(1);
  }
  try {
    await section.getByRole("button", { name: w.import, exact: true }).click();
    if (watch) {
      const step = section.getByText(zh ? /^已写入 \d+ \/ \d+ 行$/ : /^Rows written: \d+ of \d+$/);
      await expect(step).toBeVisible();
      const bar = section.getByRole("progressbar");
      expect(Number(await bar.getAttribute("value"))).toBeLessThan(
        Number(await bar.getAttribute("max")),
      );
    }
  } finally {
    release();
    await held;
  }
  await expect(section.getByRole("region", { name: w.imported })).toBeVisible();
  await expect(section.getByRole("status").filter({ hasText: w.done })).toBeVisible();
  const history = section.getByRole("region", { name: w.history }).getByRole("listitem");
  await expect(history.filter({ hasText: "WordPress · small-export.xml" })).toHaveCount(1);
  return { section, w, history };
}

/** Removes every import the list shows, so each test starts from the site as seeded. */
async function removeAll(page: Page, zh: boolean) {
  const w = words(zh);
  const region = page.getByRole("region", { name: w.history });
  const history = region.getByRole("listitem");
  // The list has loaded: it says it is empty, or shows an import.
  await expect(region.getByText(w.empty).or(history.first())).toBeVisible();
  while ((await history.count()) > 0) {
    const before = await history.count();
    await history.first().getByRole("button", { name: w.remove }).click();
    await history.first().getByRole("group").getByRole("button", { name: w.remove }).click();
    await expect(history).toHaveCount(before - 1);
  }
}

test("an owner imports a WordPress export after seeing what it brings, then removes it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asAdmin(page, "搬家的人");
  await page.goto("/bms/userSet");
  await removeAll(page, false);
  const { section, w, history } = await importExport(page, false, true);
  // The counts the file holds: WordPress's small export has 3 posts and 1 page.
  const counts = section.getByRole("region", { name: w.imported }).getByRole("definition");
  await expect(counts.first()).not.toHaveText("0");

  // A second import of the same file brings nothing new and says so.
  await section.getByLabel(w.file).setInputFiles(WXR);
  await section.getByRole("button", { name: w.check }).click();
  await expect(section.getByRole("region", { name: w.preview })).toBeVisible();
  await expect(section.getByRole("button", { name: w.import, exact: true })).toHaveCount(0);

  // A file that is no export is refused before it is sent, at the field.
  await section.getByLabel(w.file).setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await section.getByRole("button", { name: w.check }).click();
  await expect(section.getByLabel(w.file)).toHaveAccessibleDescription(new RegExp(w.type));

  await history.first().getByRole("button", { name: w.remove }).click();
  await history.first().getByRole("group").getByRole("button", { name: w.remove }).click();
  await expect(section.getByRole("status").filter({ hasText: w.removed })).toBeVisible();
  await expect(history).toHaveCount(0);
});

lookTests(
  "the import section: axe finds nothing",
  async (page, look, testInfo) => {
    const zh = look.locale === "zh-CN";
    await asAdmin(page);
    await page.goto("/bms/userSet");
    await removeAll(page, zh);
    const { section, w } = await importExport(page, zh);
    // What to know about the items, in the interface's language.
    const report = section.getByRole("region", { name: w.imported });
    await report.getByText(zh ? "1 个条目需要留意" : "1 item to know about").click();
    const note = zh
      ? "Private Post — 私密文章：作为草稿导入"
      : "Private Post — private: brought as a draft";
    await expect(report.getByRole("listitem").filter({ hasText: note })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const name = `bms-import-${look.tag}`;
    await shoot(page, testInfo, name, 1);
    await picture(section, testInfo, `${name}-section`);
    await removeAll(page, zh);
  },
  { everyLanguage: true },
);
