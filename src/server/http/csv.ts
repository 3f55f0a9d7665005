import type { Context } from "hono";
import type { AppEnv } from "./context.ts";

// CSV exports (the logs, the subscribers): text read a batch at a time and streamed as it is
// read, with fields a spreadsheet cannot take for formulas.

/**
 * A CSV field: quoted, quotes doubled, and a leading =, +, - or @ (which a spreadsheet would run
 * as a formula) kept as text behind an apostrophe.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "string" ? value : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

const csvLine = (fields: unknown[]) => `${fields.map(csvField).join(",")}\r\n`;

const EXPORT_BATCH = 2000;

/** Rows read a batch at a time, as CSV text (UTF-8 with a byte-order mark for Excel). */
export async function* csvOf<Row>(
  header: string[],
  read: (paging: { limit: number; offset: number }) => Promise<Row[]>,
  line: (row: Row) => unknown[],
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(header)}`;
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await read({ limit: EXPORT_BATCH, offset });
    if (rows.length > 0) yield rows.map((row) => csvLine(line(row))).join("");
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** A CSV export, streamed as it is read, named for what it holds and the day. */
export function csvResponse(
  c: Context<AppEnv>,
  name: string,
  lines: AsyncGenerator<string>,
): Response {
  const day = new Date().toISOString().slice(0, 10);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return c.body(body, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${name}-${day}.csv"`,
    "cache-control": "no-store",
  });
}
