import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { serverKeys, users } from "../db/schema.ts";
import { call, callJson, describeEachDb, PASSWORD, userWithPassword } from "../test-support.ts";
import { registerUser, registerWithCode } from "./auth.test-support.ts";
import { forgetKeyPair, KEY_NAME } from "./keys.ts";
import { storeServerKey } from "./repository.ts";

// The encryption key for passwords in transit, and the rules and hashing of passwords.

describeEachDb("encryption key and passwords", (ctx) => {
  it("serves one RSA-OAEP-256 public key (SPKI) that is stored in the database", async () => {
    const { app, database } = ctx();
    forgetKeyPair(database.db); // the tables were emptied since the pair was cached
    const first = await callJson(app, "GET", "/api/encryption-key");
    expect(first.status).toBe(200);
    expect(first.body.data.algorithm).toBe("RSA-OAEP-256");
    const key = await crypto.subtle.importKey(
      "spki",
      Buffer.from(first.body.data.publicKey, "base64"),
      { name: "RSA-OAEP", hash: "SHA-256" },
      true,
      ["encrypt"],
    );
    // An RSA key's algorithm names its modulus length; the DOM types know only its name.
    expect((key.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(2048);
    const second = await callJson(app, "GET", "/api/encryption-key");
    expect(second.body.data.publicKey).toBe(first.body.data.publicKey);
    const rows = await database.db.select().from(serverKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.publicKey).toBe(first.body.data.publicKey);
    // The private key never appears in an answer.
    expect(JSON.stringify(first.body)).not.toContain(rows[0]?.privateKey.slice(0, 40));
  });

  it("keeps the first stored pair when two instances race to create it", async () => {
    const { database } = ctx();
    const [a, b] = await Promise.all([
      storeServerKey(database.db, "race", { publicKey: "A", privateKey: "a" }),
      storeServerKey(database.db, "race", { publicKey: "B", privateKey: "b" }),
    ]);
    expect(a).toEqual(b);
    expect(
      await database.db.select().from(serverKeys).where(eq(serverKeys.name, "race")),
    ).toHaveLength(1);
    expect(KEY_NAME).toBe("rsa-oaep-256");
  });

  it("rejects a password that is not a ciphertext of the served key with 400", async () => {
    const { app, database } = ctx();
    await userWithPassword(database.db, { email: "a@example.com" });
    const bodies = [
      Buffer.from(PASSWORD).toString("base64"), // base64 of the plain text
      "AAAA",
    ];
    for (const password of bodies) {
      const res = await callJson(app, "POST", "/api/login", {
        body: { email: "a@example.com", password },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 400,
        message: "Please check the input validity",
        data: null,
        error: { kind: "bad_request" },
      });
    }
    const plain = await callJson(app, "POST", "/api/login", {
      body: { email: "a@example.com", password: PASSWORD },
    });
    expect(plain.status).toBe(400);
  });

  it("hashes with argon2id (19 MiB, 2 passes, 1 lane) and never answers the hash", async () => {
    const { app, database } = ctx();
    const { token, user } = await registerUser(ctx(), "a@example.com");
    const [row] = await database.db.select().from(users);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const identity = await call(app, "GET", "/api/verifyIdentity", { token });
    const text = JSON.stringify(user) + (await identity.text());
    expect(text).not.toContain("argon2");
    expect(text).not.toContain("password");
  });

  it("holds a new password to the rules after decrypting it", async () => {
    const { database } = ctx();
    const res = await registerWithCode(ctx(), "a@example.com", "alice", "letters");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "Password must be 6-16 characters combining letters, digits and symbols",
    );
    expect(res.body.data.issues).toEqual([
      {
        field: "password",
        message: "Password must be 6-16 characters combining letters, digits and symbols",
        key: "validation.passwordInvalid",
      },
    ]);
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("answers schema errors in English with the i18n key beside", async () => {
    const { app } = ctx();
    const res = await callJson(app, "POST", "/api/getEmailCode", {
      body: { email: "not-an-email", locale: "en-US" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please enter a valid email address");
    expect(res.body.data.issues[0]).toMatchObject({
      field: "email",
      key: "validation.emailInvalid",
    });
  });
});
