import type { Page } from "../../shared/auth.ts";
import {
  type CategoryRecord,
  type CreateCategoryInput,
  categoryColumns,
  type ListCategoriesQuery,
  type UpdateCategoryInput,
} from "../../shared/content.ts";
import { categoryRecord } from "../content/records.ts";
import { type ContentContext, notFound, pageOf, readOnly } from "../content/service/shared.ts";
import { ApiError } from "../http/errors.ts";
import * as groupingRepo from "./repository.ts";

/** Categories: the slug is the id; those of content/categories.json are read-only. */

export async function listCategoryPage(
  ctx: ContentContext,
  query: ListCategoriesQuery,
): Promise<Page<CategoryRecord>> {
  const items = [...(await everyCategory(ctx)).values()].sort(
    (a, b) => a.order - b.order || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
  );
  return pageOf(items, query);
}

/** Every category, files' and the database's, by slug. */
async function everyCategory(ctx: ContentContext): Promise<Map<string, CategoryRecord>> {
  const rows = (await groupingRepo.listCategories(ctx.db)).map(categoryRecord);
  return new Map([...(await ctx.files.categories()), ...rows].map((c) => [c.slug, c]));
}

async function fileCategory(ctx: ContentContext, slug: string): Promise<CategoryRecord | null> {
  return (await ctx.files.categories()).find((category) => category.slug === slug) ?? null;
}

function categoryTaken(slug: string, file?: string): ApiError {
  const message = file
    ? `Category ${slug} is defined in ${file}`
    : `Category ${slug} already exists`;
  return new ApiError(409, "conflict", message, {
    issues: [{ field: "slug", message, key: "bmsCategories.problems.slugTaken" }],
  });
}

/**
 * A category an article still files under, or another sits under: the issue names the article,
 * its file or the category under it.
 */
function categoryInUse(
  slug: string,
  by: { article: string } | { file: string } | { child: string },
): ApiError {
  const message =
    "article" in by
      ? `Category ${slug} is used by the article ${by.article}`
      : "file" in by
        ? `Category ${slug} is used by ${by.file}`
        : `Category ${by.child} sits under ${slug}`;
  const key =
    "article" in by
      ? "bmsCategories.inUseArticle"
      : "file" in by
        ? "bmsCategories.inUseFile"
        : "bmsCategories.inUseChild";
  return new ApiError(409, "conflict", message, {
    issues: [{ field: "slug", message, key, values: { slug, ...by } }],
  });
}

function parentProblem(slug: string, key: "parentUnknown" | "parentLoop"): ApiError {
  const message =
    key === "parentUnknown"
      ? `There is no category ${slug} to sit under`
      : `Category ${slug} sits under this one: it cannot be its parent`;
  return new ApiError(400, "validation", message, {
    issues: [{ field: "parent", message, key: `bmsCategories.problems.${key}`, values: { slug } }],
  });
}

/** A parent must be a category, and not the category itself or one under it. */
async function checkParent(ctx: ContentContext, slug: string, parent: string | null | undefined) {
  if (!parent) return;
  const all = await everyCategory(ctx);
  if (!all.has(parent)) throw parentProblem(parent, "parentUnknown");
  const seen = new Set<string>();
  for (let at: string | null = parent; at && !seen.has(at); at = all.get(at)?.parent ?? null) {
    if (at === slug) throw parentProblem(parent, "parentLoop");
    seen.add(at);
  }
}

export async function createCategory(
  ctx: ContentContext,
  input: CreateCategoryInput,
): Promise<CategoryRecord> {
  const file = await fileCategory(ctx, input.slug);
  if (file) throw categoryTaken(input.slug, file.file ?? "content/categories.json");
  await checkParent(ctx, input.slug, input.parent);
  const { name, ...fields } = input;
  const row = await groupingRepo.insertCategory(ctx.db, { ...fields, ...categoryColumns(name) });
  if (!row) throw categoryTaken(input.slug);
  ctx.publisher.contentChanged({ action: "categories.create", item: row.slug });
  return categoryRecord(row);
}

export async function updateCategory(
  ctx: ContentContext,
  slug: string,
  input: UpdateCategoryInput,
): Promise<CategoryRecord> {
  const file = await fileCategory(ctx, slug);
  if (file) throw readOnly(file.file);
  await checkParent(ctx, slug, input.parent);
  const { name, ...fields } = input;
  const row = await groupingRepo.updateCategory(ctx.db, slug, {
    ...fields,
    ...(name ? categoryColumns(name) : {}),
  });
  if (!row) throw notFound("category");
  ctx.publisher.contentChanged({ action: "categories.update", item: slug });
  return categoryRecord(row);
}

/** A category still filed on an article (in the database or in a file) stays: 409. */
export async function deleteCategory(ctx: ContentContext, slug: string): Promise<{ slug: string }> {
  const file = await fileCategory(ctx, slug);
  if (file) throw readOnly(file.file);
  if (!(await groupingRepo.findCategory(ctx.db, slug))) throw notFound("category");
  const inUse = await groupingRepo.articleInCategory(ctx.db, slug);
  if (inUse) throw categoryInUse(slug, { article: inUse });
  const fileArticle = (await ctx.files.articles()).find((item) => item.category === slug);
  if (fileArticle) throw categoryInUse(slug, { file: fileArticle.file ?? "content/articles/" });
  const child = [...(await everyCategory(ctx)).values()].find((c) => c.parent === slug);
  if (child) throw categoryInUse(slug, { child: child.slug });
  const row = await groupingRepo.deleteCategory(ctx.db, slug);
  if (!row) throw notFound("category");
  ctx.publisher.contentChanged({ action: "categories.delete", item: slug });
  return { slug };
}

/** Whether a category of that slug is kept in the database (files are checked by the caller). */
export async function categoryExists(ctx: ContentContext, slug: string): Promise<boolean> {
  return (await groupingRepo.findCategory(ctx.db, slug)) !== null;
}
