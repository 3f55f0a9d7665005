import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { expect, it } from "vitest";
import Both from "./Both.astro";

it("prints both languages' spans, escaped", async () => {
  const container = await AstroContainer.create();
  const html = await container.renderToString(Both, {
    props: { text: { "zh-CN": "湖<边>", "en-US": 'A "lake" & <b>' } },
  });
  expect(html).toBe(
    '<span data-lang="zh-CN" lang="zh-CN">湖&lt;边&gt;</span><span data-lang="en-US" lang="en-US">A &quot;lake&quot; &amp; &lt;b&gt;</span>',
  );
});
