import { describe, expect, it } from "vitest";
import { langSpans, renderBody } from "../../tests/support/render-component.ts";
import { samplePicture } from "../shared/kinds/media.test-support.ts";
import { DEFAULT_SETTINGS, type SnapshotSettings } from "../shared/kinds/settings.ts";
import ProfileCard from "./ProfileCard.astro";

const AVATAR = "/api/media/m-0b5f3c3e-4a8e-4d6e-9a53-6f1c0d2b7a11-640.webp";
const picture = samplePicture({
  width: 640,
  height: 480,
  variants: [
    { format: "webp", width: 160, height: 120, bytes: 10, src: AVATAR.replace("640", "160") },
    { format: "webp", width: 640, height: 480, bytes: 99, src: AVATAR },
  ],
});
const settings = (changes: Partial<SnapshotSettings> = {}): SnapshotSettings => ({
  ...DEFAULT_SETTINGS,
  avatarPicture: null,
  ...changes,
});
const card = (changes: Partial<SnapshotSettings>) =>
  renderBody(ProfileCard, { settings: settings(changes) });

describe("the author's card", () => {
  it("shows nothing until the author has a name", async () => {
    const { html } = await card({ authorBio: { "zh-CN": "写字的人", "en-US": "" } });
    expect(html.trim()).toBe("");
  });

  it("shows picture, name, bio and links with rel=me; a text in one language shows in both", async () => {
    const { body } = await card({
      authorName: { "zh-CN": "墨者", "en-US": "" },
      authorBio: { "zh-CN": "", "en-US": "Writes things." },
      authorAvatar: AVATAR,
      avatarPicture: picture,
      socialLinks: [
        { label: "GitHub", url: "https://github.com/someone" },
        { label: "Mastodon", url: "https://example.social/@someone" },
      ],
    });
    const section = body.querySelector("section.profile-card");
    expect(section?.getAttribute("aria-labelledby")).toBe("profile-name");
    expect(langSpans(body.querySelector("h2#profile-name"))).toEqual(["墨者", "墨者"]);
    expect(langSpans(body.querySelector(".profile-bio"))).toEqual([
      "Writes things.",
      "Writes things.",
    ]);
    expect(body.querySelector(".profile-avatar source")?.getAttribute("srcset")).toBe(
      `${AVATAR.replace("640", "160")} 160w, ${AVATAR} 640w`,
    );
    const img = body.querySelector(".profile-avatar img");
    expect(["alt", "width", "height", "loading"].map((a) => img?.getAttribute(a))).toEqual([
      "",
      "640",
      "480",
      "lazy",
    ]);
    const links = [...body.querySelectorAll(".profile-links a")];
    expect(links.map((a) => [a.getAttribute("href"), a.getAttribute("rel")])).toEqual([
      ["https://github.com/someone", "me noopener noreferrer"],
      ["https://example.social/@someone", "me noopener noreferrer"],
    ]);
  });

  it("has no picture without its picture (a files-only build, an image gone from the library)", async () => {
    const { body } = await card({ authorName: { "zh-CN": "", "en-US": "A" } });
    expect(body.querySelector("picture")).toBeNull();
    expect(body.querySelector(".profile-bio, .profile-links")).toBeNull();
  });

  it("escapes everything the owner typed", async () => {
    const evil = '<script>alert("x")</script>&';
    const url = 'https://example.com/?a="b"&c=<d>';
    const { html, body } = await card({
      authorName: { "zh-CN": "", "en-US": evil },
      authorBio: { "zh-CN": evil, "en-US": "" },
      socialLinks: [{ label: evil, url }],
    });
    expect(html).not.toContain("<script>");
    expect(body.querySelectorAll("script")).toHaveLength(0);
    expect(langSpans(body.querySelector("h2"))).toEqual([evil, evil]);
    expect(body.querySelector(".profile-links a")?.textContent).toBe(evil);
    expect(body.querySelector(".profile-links a")?.getAttribute("href")).toBe(url);
  });
});
