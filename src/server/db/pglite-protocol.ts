import type { Results, RowMode } from "@electric-sql/pglite";

// The messages between the server's side of the embedded database (pglite-thread.ts) and the
// thread that runs it (pglite-worker.ts).

/** A question to the database's thread. */
export type Ask =
  | {
      id: number;
      op: "query";
      sql: string;
      params: unknown[] | undefined;
      rowMode: RowMode | undefined;
      tx?: number;
    }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "close" };

/** An error as it crosses: its message and own fields (a database error's `code`, `detail`…). */
export interface SentError {
  message: string;
  fields: Record<string, string | number | null>;
}

export type ThreadResults = Pick<Results, "rows" | "fields" | "affectedRows">;

/** The thread's answer to the question of the same id (id 0: it is ready). */
export interface Answer {
  id: number;
  result?: ThreadResults;
  tx?: number;
  error?: SentError;
}
