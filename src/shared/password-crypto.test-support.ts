/**
 * A fresh key pair of the kind the server keeps for passwords in transit (RSA-OAEP, SHA-256,
 * 2048 bits), and its public key as the server serves it: SPKI in base64.
 */
export async function testKeyPair(): Promise<{ pair: CryptoKeyPair; spki: string }> {
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
  return { pair, spki };
}
