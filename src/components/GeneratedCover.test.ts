import { expect, it } from "vitest";
import { attributes, renderBody } from "../../tests/support/render-component.ts";
import GeneratedCover from "./GeneratedCover.astro";

it("draws a cover hidden from assistive technology, its title escaped in its language", async () => {
  const subject = {
    key: "static-first",
    title: `</span><script>alert(1)</script> & "quotes"`,
    lang: "en-US",
    category: "engineering",
  } as const;
  const { html, body } = await renderBody(GeneratedCover, { subject, class: "card-cover" });
  expect(html).not.toContain("<script>");
  const cover = body.querySelector("div.gen-cover.card-cover");
  expect(attributes(cover, "aria-hidden")).toEqual(["true"]);
  expect(cover?.getAttribute("style")).toMatch(/^--cv-p:/);
  expect(cover?.querySelectorAll("svg circle, svg path").length).toBeGreaterThan(1);
  const title = cover?.querySelector(".gen-cover-title");
  expect(attributes(title, "lang")).toEqual(["en-US"]);
  expect(title?.textContent).toBe(subject.title);
});
