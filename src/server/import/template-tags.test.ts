import { describe, expect, it } from "vitest";
import { convertTemplateTags } from "./template-tags.ts";

describe("Hexo's tag plugins", () => {
  it("turns quotes and code blocks into Markdown, with attribution, language and title", () => {
    const source = [
      "{% blockquote Seth Godin http://a.example/post Island Marketing %}",
      "Every interaction.",
      "{% endblockquote %}",
      "",
      "{% codeblock Array.map lang:js mark:1 %}",
      "array.map(f)",
      "{% endcodeblock %}",
    ].join("\n");
    expect(convertTemplateTags(source, "hexo")).toEqual({
      markdown: [
        "> Every interaction.",
        ">",
        "> — Seth Godin, [Island Marketing](http://a.example/post)",
        "",
        '```js title="Array.map"',
        "array.map(f)",
        "```",
      ].join("\n"),
      kept: [],
    });
  });

  it("writes a title without a language after `text`, the language's place", () => {
    const { markdown } = convertTemplateTags(
      "{% codeblock .compact %}\n[1, null].compact\n{% endcodeblock %}",
      "hexo",
    );
    expect(markdown).toBe('```text title=".compact"\n[1, null].compact\n```');
  });

  it("points images at the post's own folder and embeds at their sites", () => {
    const { markdown } = convertTemplateTags(
      '{% asset_img "cover image.jpg" A cover %}\n\n{% img /assets/a.jpg 200 100 Title %}\n\n{% youtube abc %}',
      "hexo",
      "my-post",
    );
    expect(markdown).toBe(
      "![A cover](my-post/cover%20image.jpg)\n\n![Title](/assets/a.jpg)\n\n[YouTube](https://www.youtube.com/watch?v=abc)",
    );
  });

  it("keeps a tag without a Markdown form visibly, and lists it", () => {
    expect(
      convertTemplateTags("Before\n\n{% include_code lang:js x.js %}\n\nAfter", "hexo"),
    ).toEqual({
      markdown: "Before\n\n```text\n{% include_code lang:js x.js %}\n```\n\nAfter",
      kept: ["{% include_code lang:js x.js %}"],
    });
  });

  it("leaves tags inside code alone: there they are the post's text", () => {
    const source =
      "Write `{% youtube id %}` like this:\n\n```\n{% codeblock %}\nx\n{% endcodeblock %}\n```";
    expect(convertTemplateTags(source, "hexo")).toEqual({ markdown: source, kept: [] });
  });
});

describe("Hugo's shortcodes", () => {
  it("turns highlight and figure into a code block and an image with its caption", () => {
    const source =
      '{{< highlight html >}}\n<p>Hi</p>\n{{< /highlight >}}\n\n{{< figure src="/a.png" alt="A" caption="The caption" >}}';
    expect(convertTemplateTags(source, "hugo").markdown).toBe(
      "```html\n<p>Hi</p>\n```\n\n![A](/a.png)\n\n*The caption*",
    );
  });

  it("links the embeds, the privacy-friendly ones too", () => {
    const source =
      '{{< youtube ZJthWmvUzzc >}} {{< twitter_simple user="someone" id="1085" >}} {{< vimeo_simple 489 >}}';
    expect(convertTemplateTags(source, "hugo")).toEqual({
      markdown:
        "[YouTube](https://www.youtube.com/watch?v=ZJthWmvUzzc) [Post on X](https://x.com/someone/status/1085) [Vimeo](https://vimeo.com/489)",
      kept: [],
    });
  });

  it("keeps an unknown shortcode whole, closed by {{< /name >}} or {{</ name >}}", () => {
    const source = "{{< math.inline >}}\n{{ .Params.math }}\n{{</ math.inline >}}";
    expect(convertTemplateTags(source, "hugo")).toEqual({
      markdown: `\`\`\`text\n${source}\n\`\`\``,
      kept: ["{{< math.inline >}}"],
    });
  });
});
