import type { FeedbackInput } from "../../shared/feedback.ts";
import type { Db } from "../db/client.ts";
import { feedback } from "../db/schema.ts";

/** Stores a submission with status `new` and the server's own receive time. */
export async function insertFeedback(
  db: Db,
  input: FeedbackInput,
  userId: string | null,
): Promise<{ id: string; status: string; receivedAt: Date }> {
  const [row] = await db
    .insert(feedback)
    .values({ ...input, userId, status: "new" })
    .returning({ id: feedback.id, status: feedback.status, receivedAt: feedback.receivedAt });
  if (!row) throw new Error("insert returned no row");
  return row;
}
