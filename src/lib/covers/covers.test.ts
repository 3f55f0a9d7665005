import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { coverArt, coverSvg, paletteOf, titleLayout, wrapTitle } from "./art.ts";
import { drawAhead, drawAll, drawPng, ogImageOf, ogPng } from "./og.ts";

const subject = {
  key: "static-first",
  title: "Static first, and why",
  lang: "en-US",
  category: "engineering",
} as const;

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("generated covers", () => {
  it("draw the same picture for the same subject, another for another", () => {
    expect(coverArt(subject)).toEqual(coverArt({ ...subject }));
    expect(coverArt({ ...subject, key: "other" }).ridges).not.toEqual(coverArt(subject).ridges);
    expect(coverSvg(subject)).toBe(coverSvg(subject));
  });

  it("give one category one pair of inks, in both themes", () => {
    const a = paletteOf(subject);
    expect(paletteOf({ ...subject, key: "another-article" })).toEqual(a);
    expect(a.light).not.toEqual(a.dark);
    for (const palette of [a.light, a.dark]) {
      for (const colour of Object.values(palette)) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("wrap Latin titles between words and CJK titles between characters, not before punctuation", () => {
    const title = "The quiet page: a book about small websites";
    const lines = wrapTitle(title, 6, 9);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(" ")).toBe(title);
    const cut = wrapTitle(title, 6, 2);
    expect(cut).toHaveLength(2);
    expect(cut[0]).toBe(lines[0]);
    expect(cut[1]).toMatch(/[a-z]…$/);
    const zh = wrapTitle("静态优先，动态其次：一个博客的架构笔记", 8, 3);
    expect(zh.join("")).toBe("静态优先，动态其次：一个博客的架构笔记");
    for (const line of zh) expect(line).not.toMatch(/^[，：。]/);
    expect(wrapTitle("Supercalifragilisticexpialidocious", 8, 2)[0]).toMatch(/…$/);
  });

  it("set a short title large and a long one smaller, never more than three lines", () => {
    expect(titleLayout("Short").size).toBeGreaterThan(
      titleLayout("A".repeat(5) + " word".repeat(30)).size,
    );
    expect(titleLayout("word ".repeat(80)).lines).toHaveLength(3);
  });

  it("escape the title in the SVG (the page's: src/components/GeneratedCover.test.ts)", () => {
    const hostile = { ...subject, title: `</text><script>alert(1)</script> & "quotes"` };
    const svg = coverSvg(hostile, { siteName: "<b>site</b>" });
    expect(svg).not.toContain("<script>");
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("&lt;/text&gt;");
  });

  it("are drawn as a 1200×630 PNG, once: a second build reads the cache", async () => {
    const dir = await mkdtemp(join(tmpdir(), "og-"));
    dirs.push(dir);
    const image = ogImageOf(coverSvg({ ...subject, lang: "zh-CN", title: "静态优先" }));
    expect(image.src).toMatch(/^\/og\/[0-9a-f]{16}\.png$/);
    let draws = 0;
    const counting = (svg: string) => {
      draws += 1;
      return drawPng(svg);
    };
    const png = await ogPng(image, dir, counting);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect(png.byteLength).toBeLessThan(120_000);
    expect(await ogPng(image, dir, counting)).toEqual(png);
    expect(draws).toBe(1);
    // A later build (another process: another folder here) finds the file and draws nothing.
    const later = await mkdtemp(join(tmpdir(), "og-"));
    dirs.push(later);
    await copyFile(join(dir, image.name), join(later, image.name));
    expect(await ogPng(image, later, counting)).toEqual(png);
    expect(draws).toBe(1);
    // Another title, another name.
    expect(ogImageOf(coverSvg({ ...subject, title: "Other" })).name).not.toBe(image.name);
  });

  it("are drawn once when the build draws ahead and then draws all, a failure tried again", async () => {
    const dir = await mkdtemp(join(tmpdir(), "og-"));
    dirs.push(dir);
    const images = ["一", "two", "三", "four", "五"].map((title) =>
      ogImageOf(coverSvg({ ...subject, key: title, title })),
    );
    const drawn: string[] = [];
    let failOnce = true;
    const slow = async (svg: string) => {
      if (failOnce && svg === images[1]?.svg) {
        failOnce = false;
        throw new Error("the first draw of this one fails");
      }
      drawn.push(svg);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return drawPng(svg);
    };
    drawAhead(images, dir, slow);
    await drawAll(images, dir, slow);
    expect(drawn).toHaveLength(images.length);
    expect(new Set(drawn).size).toBe(images.length);
    for (const image of images) {
      expect((await sharp(await ogPng(image, dir, slow)).metadata()).width).toBe(1200);
    }
    expect(drawn).toHaveLength(images.length);
  });
});
