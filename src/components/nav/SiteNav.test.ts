import { describe, expect, it, vi } from "vitest";
import { langSpans, renderBody } from "../../../tests/support/render-component.ts";
import type { NavGroup, NavLink } from "../../lib/navigation.ts";
import { navHue, navInitial } from "../../shared/kinds/nav.ts";

const shown: { groups: NavGroup[] } = { groups: [] };
vi.mock("../../lib/navigation.ts", () => ({ liveNavigation: async () => shown.groups }));
const { default: SiteNav } = await import("./SiteNav.astro");

const both = (zh: string, en: string) => ({ "zh-CN": zh, "en-US": en });
const link = (id: string, url: string, more: Partial<NavLink> = {}): NavLink => ({
  id,
  title: both(`标题 ${id}`, `Title ${id}`),
  description: both(`简介 ${id}`, `About ${id}`),
  url,
  icon: "",
  ...more,
});

async function page(...groups: NavGroup[]) {
  shown.groups = groups;
  return renderBody(SiteNav);
}
const group = (id: string, ...links: NavLink[]): NavGroup => ({
  id,
  name: both(`组 ${id}`, `Group ${id}`),
  links,
});

describe("the site navigation page", () => {
  it("prints the groups in order, each a section named by its heading in both languages", async () => {
    const { body } = await page(group("b", link("1", "/1")), group("a", link("2", "/2")));
    const sections = [...body.querySelectorAll("section.nav-group")];
    expect(sections.map((s) => s.getAttribute("aria-labelledby"))).toEqual([
      "nav-group-b",
      "nav-group-a",
    ]);
    expect(langSpans(body.querySelector("#nav-group-b"))).toEqual(["组 b", "Group b"]);
  });

  it("says so in both languages when there is no group, and prints no filter", async () => {
    const { body } = await page();
    expect(body.querySelector(".nav-empty")?.textContent).toContain("No links here yet");
    expect(body.querySelector(".nav-empty")?.textContent).toContain("这里还没有链接");
    expect(body.querySelector("input")).toBeNull();
  });

  it("escapes every text of the owner's", async () => {
    const hostile = link("x", 'https://example.com/?a="b"&c=<d>', {
      title: both("<script>alert(1)</script>", "<script>alert(2)</script>"),
      description: both('"quoted" & <b>', "it's"),
    });
    const { html, body } = await page({
      id: "g",
      name: both("<i>组</i>", "<i>g</i>"),
      links: [hostile],
    });
    // The page's own script is its filter's module; nothing the owner typed became an element.
    expect(body.querySelectorAll(".site-nav script, .site-nav b, .site-nav i")).toHaveLength(0);
    expect(langSpans(body.querySelector(".nav-link [data-nav-text]"))).toEqual([
      "<script>alert(1)</script>",
      "<script>alert(2)</script>",
    ]);
    expect(langSpans(body.querySelector(".nav-desc"))).toEqual(['"quoted" & <b>', "it's"]);
    expect(body.querySelector(".nav-link")?.getAttribute("href")).toBe(hostile.url);
    expect(html).not.toContain("<script>alert");
  });

  it("opens an address elsewhere in a new tab, marked; a path of this site in place", async () => {
    const { body } = await page(
      group("g", link("e", "https://astro.build/"), link("i", "/image-library/")),
    );
    const [external, internal] = [...body.querySelectorAll("a.nav-link")];
    expect(external?.getAttribute("target")).toBe("_blank");
    expect(external?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(external?.querySelector(".nav-ext[aria-hidden=true]")?.textContent).toBe("↗");
    expect(external?.querySelector(".visually-hidden")?.textContent).toContain(
      "(opens another site)",
    );
    expect(external?.querySelector(".visually-hidden")?.textContent).toContain(
      "（在新标签页打开其他网站）",
    );
    expect(internal?.hasAttribute("target")).toBe(false);
    expect(internal?.hasAttribute("rel")).toBe(false);
    expect(internal?.textContent).not.toContain("↗");
  });

  it("shows a library image as a decorative 40 px icon", async () => {
    const src = "/api/media/m-0123abcd-0123-4123-8123-0123456789ab-160.webp";
    const { body } = await page(group("g", link("m", "/m", { icon: src })));
    const img = body.querySelector("img.nav-icon");
    expect(
      ["src", "alt", "width", "height", "loading", "decoding"].map((a) => img?.getAttribute(a)),
    ).toEqual([src, "", "40", "40", "lazy", "async"]);
    expect(body.querySelector(".nav-badge")).toBeNull();
  });

  it("draws a badge with the title's first letter in each language, its colour from the title", async () => {
    expect(navInitial("照片集", "zh-CN")).toBe("照");
    expect(navInitial("web.dev", "en-US")).toBe("W");
    expect(navInitial("  “quoted” title", "en-US")).toBe("Q");
    expect(navInitial("👩‍💻", "en-US")).toBe("👩‍💻");
    const { body } = await page(
      group(
        "g",
        link("p", "/image-library/", {
          title: both("照片集", "photo gallery"),
          description: both("", ""),
        }),
        link("a", "https://astro.build/", { title: both("Astro", "astro") }),
      ),
    );
    const [photos, astro] = [...body.querySelectorAll(".nav-badge")];
    expect(photos?.getAttribute("style")).toBe(`--hue:${navHue("photo gallery")}`);
    expect(photos?.getAttribute("aria-hidden")).toBe("true");
    expect(langSpans(photos)).toEqual(["照", "P"]);
    // No description: no empty paragraph.
    expect(body.querySelectorAll(".nav-desc")).toHaveLength(1);
    // The same letter in both languages is printed once.
    expect(astro?.innerHTML).toBe("A");
    expect(navHue("Astro")).not.toBe(navHue("Hono"));
    for (const title of ["", "a", "MDN Web Docs", "照片集"]) {
      expect(Number.isInteger(navHue(title))).toBe(true);
      expect(navHue(title)).toBeGreaterThanOrEqual(0);
      expect(navHue(title)).toBeLessThan(360);
    }
  });

  it("prints the filter hidden, with the status messages of both languages for its script", async () => {
    const { body } = await page(group("g", link("a", "/a"), link("b", "https://b.example/")));
    const filter = body.querySelector("[data-nav-filter]");
    expect(filter?.hasAttribute("hidden")).toBe(true);
    expect(filter?.hasAttribute("data-pagefind-ignore")).toBe(true);
    expect(body.querySelector("label[for=nav-filter-input]")).not.toBeNull();
    expect(body.querySelector("#nav-filter-input")?.getAttribute("type")).toBe("search");
    const status = body.querySelector("[data-nav-status]");
    expect([status?.getAttribute("role"), status?.getAttribute("aria-live")]).toEqual([
      "status",
      "polite",
    ]);
    const en = status?.querySelector("[lang=en-US]");
    const zh = status?.querySelector("[lang=zh-CN]");
    expect(en?.getAttribute("data-other")).toBe("{{count}} links");
    expect(zh?.getAttribute("data-none")).toBe("没有与“{{query}}”匹配的链接。");
    expect([en?.textContent, zh?.textContent]).toEqual(["2 links", "2 个链接"]);
  });
});
