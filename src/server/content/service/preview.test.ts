import { expect, it } from "vitest";
import { renderAnswer } from "../../chat/service.ts";
import { plainImages } from "./preview.ts";

it("turns a relative image's marker into a plain image, read with a parser", () => {
  const facts = JSON.stringify({ src: "./images/a b.svg", alt: 'A "quoted" <b> & > alt' });
  const marked = `<p>x</p><img __ASTRO_IMAGE_="${facts.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">`;
  expect(plainImages(marked)).toBe(
    '<p>x</p><img src="./images/a b.svg" alt="A &#x22;quoted&#x22; <b> &#x26; > alt">',
  );
  // A marker in text, a comment or an attribute is not an image.
  const text = '<p>&lt;img __ASTRO_IMAGE_="{}"&gt;</p><!-- <img __ASTRO_IMAGE_="{}"> -->';
  expect(plainImages(text)).toBe(
    '<p>&#x3C;img __ASTRO_IMAGE_="{}"></p><!-- <img __ASTRO_IMAGE_="{}"> -->',
  );
  // A marker that is not the facts JSON stays as it was for the sanitiser to drop.
  expect(plainImages('<img __ASTRO_IMAGE_="not json">')).toBe('<img __astro_image_="not json">');
});

it("shows an answer's pictures as their descriptions, never as images", async () => {
  const html = await renderAnswer(
    'See ![a map of the "old" town](https://example.com/x.png) and ![](https://example.com/y.png).',
  );
  expect(html).not.toContain("<img");
  expect(html).toContain("<span>a map of the “old” town</span>");
});
