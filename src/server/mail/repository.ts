import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema.ts";

export async function insertOutboxMail(
  db: Db,
  mail: { to: string; subject: string; body: string; headers?: Record<string, string> | null },
): Promise<void> {
  await db.insert(outbox).values(mail);
}
