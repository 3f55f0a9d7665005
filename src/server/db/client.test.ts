import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/test-db.ts";
import { openPostgres } from "./client.ts";

// Through a transaction-mode pooler (tests/ci/test-pooled.ts) a connection carrying more than one
// query at a time wedged: the pooler handed the server on at the first one's end. The client
// never pipelines, so more queries than connections, parameterised or not, all answer, and
// transactions (opened on a reserved connection) commit, nest and roll back.
/** The first row of `execute`: postgres.js answers an array of rows, PGlite `{ rows }`. */
function firstRow(result: unknown): unknown {
  if (Array.isArray(result)) return result[0];
  // The one other shape `execute` answers with: PGlite's result object.
  return (result as { rows: unknown[] }).rows[0];
}

describeEachDatabase("the database client", (database) => {
  it("answers more queries at once than it has connections", async () => {
    const url = database().url;
    const one = url ? openPostgres(url, { max: 1 }) : undefined;
    const db = one?.db ?? database().db;
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          i % 3 === 0 ? db.execute(sql`select 0 as n`) : db.execute(sql`select ${i}::int as n`),
        ),
      );
      expect(answers.map(firstRow)).toEqual(
        Array.from({ length: 12 }, (_, i) => ({ n: i % 3 === 0 ? 0 : i })),
      );
    } finally {
      await one?.close();
    }
  });

  it("commits a transaction, keeps a savepoint's work, and rolls back on a throw", async () => {
    const url = database().url;
    const one = url ? openPostgres(url, { max: 1 }) : undefined;
    const db = one?.db ?? database().db;
    try {
      const inside = await db.transaction(async (tx) => {
        const [a, b] = await Promise.all([
          tx.execute(sql`select 1 as n`),
          tx.execute(sql`select ${2}::int as n`),
        ]);
        const nested = await tx.transaction(async (inner) =>
          firstRow(await inner.execute(sql`select ${3}::int as n`)),
        );
        return [firstRow(a), firstRow(b), nested];
      });
      expect(inside).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      await expect(
        db.transaction(async () => {
          throw new Error("undone");
        }),
      ).rejects.toThrow("undone");
      expect(firstRow(await db.execute(sql`select ${4}::int as n`))).toEqual({ n: 4 });
    } finally {
      await one?.close();
    }
  });
});
