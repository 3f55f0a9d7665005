import { describe, expect, it } from "vitest";
import { testKeyPair } from "./password-crypto.test-support.ts";
import { encryptPassword, importPublicKey } from "./password-crypto.ts";

describe("password encryption", () => {
  it("encrypts so that only the private key's holder reads the password", async () => {
    const { pair, spki } = await testKeyPair();
    const cipher = await encryptPassword(await importPublicKey(spki), "ink2ink!密");
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(cipher).not.toContain("ink2ink");
    const plain = await crypto.subtle.decrypt(
      { name: "RSA-OAEP" },
      pair.privateKey,
      Buffer.from(cipher, "base64"),
    );
    expect(new TextDecoder().decode(plain)).toBe("ink2ink!密");
  });
});
