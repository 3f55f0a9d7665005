import { describe, expect, it } from "vitest";
import { encryptPassword, importPublicKey } from "./password-crypto.ts";

describe("password encryption", () => {
  it("encrypts so that only the private key's holder reads the password", async () => {
    const pair = await crypto.subtle.generateKey(
      {
        name: "RSA-OAEP",
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: "SHA-256",
      },
      true,
      ["encrypt", "decrypt"],
    );
    const spki = Buffer.from(await crypto.subtle.exportKey("spki", pair.publicKey)).toString(
      "base64",
    );
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
