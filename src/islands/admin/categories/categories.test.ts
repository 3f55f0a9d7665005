import { describe, expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import {
  type CategoryRecord,
  createCategorySchema,
  updateCategorySchema,
} from "../../../shared/content.ts";
import { conflict, DATABASE_ROW, problemsOf } from "../app/content/test-support.ts";
import { failureText } from "../app/form.tsx";
import { CallFailure } from "../app/query.ts";
import { type CategoryFields, categorySchema, initialFields, parentChoices } from "./schema.ts";

const fields = (changes: Partial<CategoryFields> = {}): CategoryFields => ({
  slug: "tools",
  name: { "zh-CN": "工具", "en-US": "Tools" },
  order: "",
  parent: "",
  ...changes,
});

const problems = (values: CategoryFields) => problemsOf(categorySchema, values);

describe("the category form", () => {
  it("checks with the server's rules, in the form's words", () => {
    expect(problems(fields())).toEqual({});
    expect(problems(fields({ slug: "Not OK", name: { "zh-CN": " ", "en-US": "" } }))).toEqual({
      slug: "bmsCategories.problems.slugInvalid",
      "name.zh-CN": "bmsCategories.problems.nameRequired",
      "name.en-US": "bmsCategories.problems.nameRequired",
    });
    expect(problems(fields({ slug: "" }))).toEqual({ slug: "bmsCategories.problems.slugRequired" });
    expect(problems(fields({ name: { "zh-CN": "工具", "en-US": "x".repeat(41) } }))).toEqual({
      "name.en-US": "bmsCategories.problems.nameTooLong",
    });
    for (const order of ["1.5", "abc", "1e3", "100001", "- 1"]) {
      expect(problems(fields({ order }))).toEqual({ order: "bmsCategories.problems.orderInvalid" });
    }
  });

  it("reads the order as a whole number, empty as the server's default", () => {
    expect(categorySchema.parse(fields({ order: "" })).order).toBe(0);
    expect(categorySchema.parse(fields({ order: " -50 " })).order).toBe(-50);
    const values = categorySchema.parse(fields({ order: "50" }));
    expect(values).toEqual({
      slug: "tools",
      name: { "zh-CN": "工具", "en-US": "Tools" },
      order: 50,
      parent: null,
    });
    expect(categorySchema.parse(fields({ parent: "life" })).parent).toBe("life");
    expect(createCategorySchema.safeParse(values).success).toBe(true);
    const { slug: _, ...changes } = values;
    expect(updateCategorySchema.safeParse(changes).success).toBe(true);
  });

  it("starts empty, or from the category edited", () => {
    expect(initialFields()).toEqual({
      slug: "",
      name: { "zh-CN": "", "en-US": "" },
      order: "",
      parent: "",
    });
    const category: CategoryRecord = {
      slug: "tools",
      name: { "zh-CN": "工具", "en-US": "Tools" },
      order: 20,
      parent: "life",
      ...DATABASE_ROW,
    };
    expect(initialFields(category)).toEqual(fields({ order: "20", parent: "life" }));
  });

  it("offers as a parent every category but the one edited and those under it", () => {
    const category = (slug: string, parent: string | null): CategoryRecord => ({
      slug,
      name: { "zh-CN": `${slug}-zh`, "en-US": slug },
      order: 0,
      parent,
      ...DATABASE_ROW,
    });
    const all = [
      category("life", null),
      category("travel", "life"),
      category("japan", "travel"),
      category("tools", null),
    ];
    const offered = (slug?: string) => parentChoices(all, slug, "en-US").map((c) => c.value);
    expect(offered()).toEqual(["life", "travel", "japan", "tools"]);
    expect(offered("travel")).toEqual(["life", "tools"]);
    expect(offered("life")).toEqual(["tools"]);
    expect(parentChoices(all, "tools", "zh-CN")[0]).toEqual({ value: "life", label: "life-zh" });
  });

  it("says why a category in use stays, else what the server said", () => {
    const t = translator("en-US");
    const inUse = conflict([
      {
        field: "slug",
        message: "Category a is used by the article b",
        key: "bmsCategories.inUseArticle",
        values: { slug: "a", article: "b" },
      },
    ]);
    expect(failureText(t, inUse)).toBe(
      "“a” is still used by the article “b”, so it stays. Move that article to another category first.",
    );
    const parent = conflict([
      {
        field: "slug",
        message: "Category b sits under a",
        key: "bmsCategories.inUseChild",
        values: { slug: "a", child: "b" },
      },
    ]);
    expect(failureText(t, parent)).toBe(
      "“b” sits under “a”, so it stays. Move that category first.",
    );
    expect(failureText(t, new CallFailure(404, "No such category"))).toBe(
      t("bmsContent.failure", { message: "No such category" }),
    );
  });
});
