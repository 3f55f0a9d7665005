import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type FediverseFollower, fediverseFollowers, fediverseKeys } from "../db/schema.ts";

// The SQL of the blog's actor: its key pairs, and the accounts that follow it.

export interface StoredKeyPair {
  kind: string;
  privateKey: JsonWebKey;
  publicKey: JsonWebKey;
}

export function keyPairs(db: Db): Promise<StoredKeyPair[]> {
  return db
    .select({
      kind: fediverseKeys.kind,
      privateKey: fediverseKeys.privateKey,
      publicKey: fediverseKeys.publicKey,
    })
    .from(fediverseKeys)
    .orderBy(fediverseKeys.kind);
}

/** Keeps the pairs of kinds that have none yet (two first requests may race: one wins). */
export async function insertKeyPairs(db: Db, pairs: StoredKeyPair[]): Promise<void> {
  await db.insert(fediverseKeys).values(pairs).onConflictDoNothing({ target: fediverseKeys.kind });
}

export type NewFollower = Omit<FediverseFollower, "id" | "createdAt">;

/** Adds a follower, or updates its addresses and names when it follows again. */
export async function addFollower(db: Db, follower: NewFollower): Promise<void> {
  const { actorUri, ...rest } = follower;
  await db
    .insert(fediverseFollowers)
    .values(follower)
    .onConflictDoUpdate({ target: fediverseFollowers.actorUri, set: rest });
}

/** Removes the follower `actorUri`: false when it did not follow. */
export async function removeFollower(db: Db, actorUri: string): Promise<boolean> {
  const rows = await db
    .delete(fediverseFollowers)
    .where(eq(fediverseFollowers.actorUri, actorUri))
    .returning({ id: fediverseFollowers.id });
  return rows.length > 0;
}

/** Every follower, newest first. */
export function followers(db: Db) {
  return db.select().from(fediverseFollowers).orderBy(desc(fediverseFollowers.createdAt));
}

export async function followerCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fediverseFollowers);
  return row?.n ?? 0;
}
