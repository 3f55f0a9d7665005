// The database's tables, one module per part of the app (schema/), gathered for drizzle-kit and
// the repositories. Every table enables row-level security with no policy: the API's own
// connection (the table owner) is the only door; Supabase's anon and authenticated roles see
// nothing.

export * from "./schema/accounts.ts";
export * from "./schema/app.ts";
export * from "./schema/columns.ts";
export * from "./schema/comments.ts";
export * from "./schema/content.ts";
export * from "./schema/fediverse.ts";
export * from "./schema/feedback.ts";
export * from "./schema/following.ts";
export * from "./schema/imports.ts";
export * from "./schema/logs.ts";
export * from "./schema/media.ts";
export * from "./schema/site.ts";
