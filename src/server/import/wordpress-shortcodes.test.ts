import { expect, it } from "vitest";
import { type Attachment, expandShortcodes } from "./wordpress-shortcodes.ts";

const attachments = new Map<string, Attachment>([
  ["7", { url: "https://old.example/a.jpg", title: "A", parent: "12" }],
  ["8", { url: "https://old.example/b.jpg", title: "B & C", parent: "12" }],
  ["9", { url: "https://old.example/c.jpg", title: "Elsewhere", parent: "99" }],
]);
const expand = (html: string) => expandShortcodes(html, "12", attachments);

it("makes a figure of a caption, in either of WordPress's forms", () => {
  expect(
    expand('[caption id="x" width="300"]<img src="/a.jpg" alt="A"> Under <b>it</b>[/caption]').html,
  ).toBe('<figure><img src="/a.jpg" alt="A"><figcaption>Under</figcaption></figure>');
  expect(
    expand('[caption caption="Said &amp; done"]<a href="/big.jpg"><img src="/a.jpg"></a>[/caption]')
      .html,
  ).toBe(
    '<figure><a href="/big.jpg"><img src="/a.jpg"></a><figcaption>Said &amp; done</figcaption></figure>',
  );
});

it("shows a gallery's images: those it lists, or those uploaded to its post", () => {
  expect(expand('[gallery ids="8,7"]').html).toBe(
    '<p><img src="https://old.example/b.jpg" alt="B & C">\n<img src="https://old.example/a.jpg" alt="A"></p>',
  );
  expect(expand('[gallery columns="3"]').html).toBe(
    '<p><img src="https://old.example/a.jpg" alt="A">\n<img src="https://old.example/b.jpg" alt="B & C"></p>',
  );
});

it("links embeds, leaves other brackets as the post's text, and lists what it cannot expand", () => {
  expect(expand("[embed]https://video.example/1[/embed] [1] and [note]").html).toBe(
    '<p><a href="https://video.example/1">https://video.example/1</a></p> [1] and [note]',
  );
  expect(expand("[audio]")).toEqual({ html: "[audio]", kept: ["[audio]"] });
});
