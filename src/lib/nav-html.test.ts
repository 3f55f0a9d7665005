import { describe, expect, it, vi } from "vitest";

vi.mock("astro:content", () => ({ getCollection: async () => [] }));
const { navCardHtml, shownGroups, siteNavHtml } = await import("./nav-html.ts");
const { navHue, navInitial } = await import("../shared/kinds/nav.ts");
type NavEntry = import("./nav-html.ts").NavEntry;

const both = (zh: string, en: string) => ({ "zh-CN": zh, "en-US": en });

function link(id: string, url: string, more: { hidden?: boolean; icon?: string } = {}) {
  return {
    id,
    title: both(`标题 ${id}`, `Title ${id}`),
    description: both(`简介 ${id}`, `About ${id}`),
    url,
    icon: more.icon ?? "",
    hidden: more.hidden ?? false,
  };
}

function group(
  id: string,
  order: number | undefined,
  links: NavEntry["data"]["links"],
  fromFile = false,
): NavEntry {
  return {
    id,
    ...(fromFile ? { filePath: "content/site-nav.json" } : {}),
    data: { name: both(`组 ${id}`, `Group ${id}`), order, links },
  };
}

describe("site navigation", () => {
  it("puts the file's groups first in the file's order, then rows by their order", () => {
    const groups = shownGroups([
      group("row-b", 1, [link("b", "/b")]),
      group("file-2", 1, [link("f2", "/f2")], true),
      group("row-a", 0, [link("a", "/a")]),
      group("file-1", 0, [link("f1", "/f1")], true),
    ]);
    expect(groups.map((g) => g.id)).toEqual(["file-1", "file-2", "row-a", "row-b"]);
    // The page prints them in that order.
    const html = siteNavHtml(groups);
    const at = (id: string) => html.indexOf(`id="nav-group-${id}"`);
    expect(at("file-1")).toBeLessThan(at("file-2"));
    expect(at("file-2")).toBeLessThan(at("row-a"));
    expect(at("row-a")).toBeLessThan(at("row-b"));
  });

  it("leaves out hidden links, and groups with no link shown", () => {
    const groups = shownGroups([
      group("mixed", 0, [link("shown", "/s"), link("secret", "/x", { hidden: true })], true),
      group("all-hidden", 1, [link("h", "/h", { hidden: true })], true),
      group("empty", 0, []),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.links.map((l) => l.id)).toEqual(["shown"]);
    const html = siteNavHtml(groups);
    expect(html).not.toContain("secret");
    expect(html).not.toContain("all-hidden");
    expect(html).toContain(">1 link<");
    expect(html).toContain(">1 个链接<");
  });

  it("says so in both languages when there is no group", () => {
    const html = siteNavHtml([]);
    expect(html).toContain("No links here yet");
    expect(html).toContain("这里还没有链接");
    expect(html).not.toContain("<input");
  });

  it("escapes every text of the owner's", () => {
    const html = navCardHtml({
      id: "x",
      title: both("<script>alert(1)</script>", "<script>alert(2)</script>"),
      description: both('"quoted" & <b>', "it's"),
      url: 'https://example.com/?a="b"&c=<d>',
      icon: "",
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(html).toContain("&quot;quoted&quot; &amp; &lt;b&gt;");
    expect(html).toContain("it&#39;s");
    expect(html).toContain('href="https://example.com/?a=&quot;b&quot;&amp;c=&lt;d&gt;"');
    const group = siteNavHtml([
      { id: "g", name: both("<i>组</i>", "<i>g</i>"), links: [link("l", "/l")] },
    ]);
    expect(group).not.toContain("<i>");
  });

  it("opens an address elsewhere in a new tab, marked; a path of this site in place", () => {
    const external = navCardHtml(link("e", "https://astro.build/"));
    expect(external).toContain(
      'href="https://astro.build/" target="_blank" rel="noopener noreferrer"',
    );
    expect(external).toContain('<span class="nav-ext" aria-hidden="true">↗</span>');
    expect(external).toContain("(opens another site)");
    expect(external).toContain("（在新标签页打开其他网站）");
    const internal = navCardHtml(link("i", "/image-library/"));
    expect(internal).toContain('href="/image-library/">');
    expect(internal).not.toContain("target=");
    expect(internal).not.toContain("rel=");
    expect(internal).not.toContain("↗");
  });

  it("shows a library image as a decorative 40 px icon", () => {
    const src = "/api/media/m-0123abcd-0123-4123-8123-0123456789ab-160.webp";
    const html = navCardHtml(link("m", "/m", { icon: src }));
    expect(html).toContain(
      `<img class="nav-icon" src="${src}" alt="" width="40" height="40" loading="lazy" decoding="async">`,
    );
    expect(html).not.toContain("nav-badge");
  });

  it("draws a badge with the title's first letter in each language, its colour from the title", () => {
    expect(navInitial("照片集", "zh-CN")).toBe("照");
    expect(navInitial("web.dev", "en-US")).toBe("W");
    expect(navInitial("  “quoted” title", "en-US")).toBe("Q");
    expect(navInitial("👩‍💻", "en-US")).toBe("👩‍💻");
    const html = navCardHtml({
      id: "p",
      title: both("照片集", "photo gallery"),
      description: both("", ""),
      url: "/image-library/",
      icon: "",
    });
    expect(html).toContain(
      `<span class="nav-icon nav-badge" style="--hue:${navHue("photo gallery")}" aria-hidden="true">` +
        '<span data-lang="zh-CN" lang="zh-CN">照</span><span data-lang="en-US" lang="en-US">P</span></span>',
    );
    // No description: no empty paragraph.
    expect(html).not.toContain("nav-desc");
    // The same letter in both languages is printed once.
    const same = navCardHtml({
      ...link("a", "https://astro.build/"),
      title: both("Astro", "astro"),
    });
    expect(same).toContain('aria-hidden="true">A</span>');
    // The hue is a whole degree, the same for the same title.
    expect(navHue("Astro")).toBe(navHue("Astro"));
    expect(navHue("Astro")).not.toBe(navHue("Hono"));
    for (const title of ["", "a", "MDN Web Docs", "照片集"]) {
      expect(Number.isInteger(navHue(title))).toBe(true);
      expect(navHue(title)).toBeGreaterThanOrEqual(0);
      expect(navHue(title)).toBeLessThan(360);
    }
  });

  it("prints the filter hidden, with the status messages of both languages for its script", () => {
    const html = siteNavHtml(
      shownGroups([group("g", 0, [link("a", "/a"), link("b", "https://b.example/")], true)]),
    );
    expect(html).toMatch(/<div class="nav-filter" data-nav-filter data-pagefind-ignore hidden>/);
    expect(html).toContain('<input id="nav-filter-input" type="search"');
    expect(html).toContain('<label class="nav-filter-label" for="nav-filter-input">');
    expect(html).toContain('role="status" aria-live="polite"');
    expect(html).toContain('data-other="{{count}} links"');
    expect(html).toContain('data-none="没有与“{{query}}”匹配的链接。"');
    expect(html).toContain(">2 links<");
    expect(html).toContain(">2 个链接<");
  });
});
