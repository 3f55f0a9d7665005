import { describe, expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import { type AlbumRecord, createAlbumSchema, updateAlbumSchema } from "../../../shared/content.ts";
import { conflict, DATABASE_ROW, problemsOf } from "../app/content/test-support.ts";
import { failureText } from "../app/form.tsx";
import { type AlbumFields, albumSchema, initialAlbumFields } from "./album-schema.ts";

// The albums managed on the photo list (`/bms/photo`), as the categories screen manages its own.

const t = translator("en-US");

describe("the album form", () => {
  const album = (changes: Partial<AlbumFields> = {}): AlbumFields => ({
    ...initialAlbumFields(),
    slug: "city",
    name: { "zh-CN": "城市", "en-US": "City" },
    ...changes,
  });
  const albumProblems = (values: AlbumFields) => problemsOf(albumSchema, values);

  it("checks with the server's rules, in the form's words", () => {
    expect(albumProblems(album())).toEqual({});
    expect(
      albumProblems(
        album({
          slug: "Not OK",
          name: { "zh-CN": " ", "en-US": "x".repeat(41) },
          description: { "zh-CN": "d".repeat(301), "en-US": "" },
          order: "1.5",
        }),
      ),
    ).toEqual({
      slug: "bmsCategories.problems.slugInvalid",
      "name.zh-CN": "bmsCategories.problems.nameRequired",
      "name.en-US": "bmsCategories.problems.nameTooLong",
      "description.zh-CN": "bmsAlbums.problems.descriptionTooLong",
      order: "bmsCategories.problems.orderInvalid",
    });
    expect(albumProblems(album({ slug: "" }))).toEqual({
      slug: "bmsCategories.problems.slugRequired",
    });
  });

  it("sends what the server's schemas take, and starts from the album edited", () => {
    const values = albumSchema.parse(album({ order: " 5 " }));
    expect(values).toEqual({
      slug: "city",
      name: { "zh-CN": "城市", "en-US": "City" },
      description: { "zh-CN": "", "en-US": "" },
      order: 5,
    });
    expect(albumSchema.parse(album()).order).toBe(0);
    expect(createAlbumSchema.safeParse(values).success).toBe(true);
    const { slug: _, ...changes } = values;
    expect(updateAlbumSchema.safeParse(changes).success).toBe(true);
    const saved: AlbumRecord = { ...values, ...DATABASE_ROW };
    expect(initialAlbumFields(saved)).toEqual(album({ order: "5" }));
  });

  it("says why an album in use stays", () => {
    const cases = [
      {
        message: "Album city is used by the photo fog",
        key: "bmsAlbums.inUsePhoto",
        values: { slug: "city", photo: "fog" },
        text: "“city” still holds the photo “fog”, so it stays. Move that photo to another album first.",
      },
      {
        message: "Album city is used by content/photos/a.md",
        key: "bmsAlbums.inUseFile",
        values: { slug: "city", file: "content/photos/a.md" },
        text: "“city” is still used by content/photos/a.md, so it stays. Change that file first.",
      },
    ];
    for (const { text, ...issue } of cases) {
      expect(failureText(t, conflict([{ field: "slug", ...issue }]))).toBe(text);
    }
  });
});
