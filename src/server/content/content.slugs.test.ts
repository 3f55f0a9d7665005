import { expect, it } from "vitest";
import { article, describeContentApi } from "./content.test-support.ts";

// Whether a slug is free, as the editors ask while the owner types.

describeContentApi("content API: slugs in use", ({ api, created, reader }) => {
  const use = (query: string, token?: string | null) =>
    api("GET", `/api/admin/slug-use?${query}`, undefined, token);

  it("says a slug is free, used by a file (named), or used by another row", async () => {
    expect((await use("kind=article&slug=brand-new")).body.data).toEqual({
      slug: "brand-new",
      free: true,
      file: null,
    });
    const byFile = await use("kind=article&slug=static-first");
    expect(byFile.body.data).toMatchObject({
      free: false,
      file: "content/articles/static-first.md",
    });
    const id = await created("articles", article({ slug: "taken-one" }));
    expect((await use("kind=article&slug=taken-one")).body.data).toMatchObject({
      free: false,
      file: null,
    });
    // The item being edited does not conflict with itself; another kind's slugs are its own.
    expect((await use(`kind=article&slug=taken-one&except=${id}`)).body.data.free).toBe(true);
    expect((await use("kind=note&slug=taken-one")).body.data.free).toBe(true);
    expect(
      (await use("kind=article&slug=static-first&except=file:article:static-first")).body.data.free,
    ).toBe(true);
  });

  it("refuses a malformed question and anyone but an admin", async () => {
    expect((await use("kind=article&slug=Not A Slug")).status).toBe(400);
    expect((await use("kind=chapter&slug=x")).status).toBe(400);
    expect((await use("kind=article&slug=x&except=nope")).status).toBe(400);
    expect((await use("kind=article&slug=x", null)).status).toBe(401);
    expect((await use("kind=article&slug=x", reader())).status).toBe(403);
  });
});
