import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The extensions the migrations create, which PGlite must be given when it opens a database:
 * pg_trgm, for the request log's word search (trigram indexes serve ILIKE '%words%').
 */
export const pgliteExtensions = { pg_trgm };
