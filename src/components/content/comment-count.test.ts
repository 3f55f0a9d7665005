// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { countsOnce, forgetCounts, showCount } from "./comment-count.ts";

// A card's comment count: the site's counts asked for once, each language's plural form.

afterEach(forgetCounts);

function card(): HTMLElement {
  const element = document.createElement("comment-count");
  element.innerHTML = `<a href="#"><span lang="en-US" data-one="{{count}} comment" data-other="{{count}} comments">10 comments</span><span lang="zh-CN" data-one="{{count}} 条评论" data-other="{{count}} 条评论">10 条评论</span></a>`;
  return element;
}

describe("comment counts on cards", () => {
  it("asks for the counts once, however many cards ask", async () => {
    let asked = 0;
    const fetcher = async () => {
      asked += 1;
      return new Response(JSON.stringify({ code: 0, data: { "article/a": 2 } }));
    };
    const all = await Promise.all([countsOnce(fetcher), countsOnce(fetcher), countsOnce(fetcher)]);
    expect(asked).toBe(1);
    expect(all[2]).toEqual({ "article/a": 2 });
  });

  it("answers no counts when the API fails, and the cards stay as they were", async () => {
    expect(await countsOnce(async () => new Response("", { status: 500 }))).toEqual({});
    forgetCounts();
    expect(await countsOnce(async () => Promise.reject(new TypeError("offline")))).toEqual({});
    const element = card();
    showCount(element, 0);
    expect(element.dataset.shown).toBeUndefined();
  });

  it("says one comment and many in each language", () => {
    const one = card();
    showCount(one, 1);
    expect(one.dataset.shown).toBe("");
    expect([...one.querySelectorAll("span")].map((s) => s.textContent)).toEqual([
      "1 comment",
      "1 条评论",
    ]);
    const many = card();
    showCount(many, 12);
    expect(many.querySelector("span")?.textContent).toBe("12 comments");
  });
});
