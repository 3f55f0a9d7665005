import { describe, expect, it } from "vitest";
import { feedHtml } from "./feed-html";

const page = new URL("https://blog.example/articles/static-first/");

describe("feedHtml", () => {
  it("makes every address absolute against the page", () => {
    const html = feedHtml(
      '<p><a href="/articles/other/">a</a> <a href="#part">b</a> <a href="https://x.example/">c</a></p><img src="/_astro/cover.webp" alt="Cover">',
      page,
    );
    expect(html).toContain('href="https://blog.example/articles/other/"');
    expect(html).toContain('href="https://blog.example/articles/static-first/#part"');
    expect(html).toContain('href="https://x.example/"');
    expect(html).toContain('src="https://blog.example/_astro/cover.webp"');
  });

  it("drops the headings' anchor links and keeps their text", () => {
    const html = feedHtml(
      '<h2 id="why">Why<a class="heading-anchor" href="#why" aria-label="Link">#</a></h2>',
      page,
    );
    expect(html).not.toContain("heading-anchor");
    expect(html).toContain(">Why</h2>");
  });

  it("keeps nothing that runs", () => {
    const html = feedHtml(
      '<p onclick="x()">t</p><script>alert(1)</script><a href="javascript:alert(1)">j</a><img src="x" onerror="alert(1)">',
      page,
    );
    expect(html).not.toMatch(/onclick|onerror|<script|javascript:/);
  });
});
