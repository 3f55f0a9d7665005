import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import type { ChatIndexFile } from "../../shared/chat.ts";
import { builtSiteChatIndex } from "./index-source.ts";

// The chat reads the index of the build being served: a rebuild swaps the folder (or rewrites
// the file) and the next question reads the new one; a site built without one answers null.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function site(builtAt: string | null): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "chat-site-"));
  dirs.push(dir);
  if (builtAt) {
    await mkdir(join(dir, "d-chat"), { recursive: true });
    const index: ChatIndexFile = { version: 1, builtAt, passages: [] };
    writeFileSync(join(dir, "d-chat", "passages.json"), JSON.stringify(index));
  }
  return dir;
}

it("follows the served build: the swapped folder's index, a rewritten file, none", async () => {
  let served = await site("first");
  const index = builtSiteChatIndex(() => served);
  const request = new Request("http://localhost/api/chat");
  const first = await index(request);
  expect(first?.builtAt).toBe("first");
  // Read once while unchanged: the same object (the retriever built on it is kept).
  expect(await index(request)).toBe(first);

  served = await site("second");
  expect((await index(request))?.builtAt).toBe("second");

  const file = join(served, "d-chat", "passages.json");
  writeFileSync(file, JSON.stringify({ version: 1, builtAt: "third", passages: [] }));
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
  expect((await index(request))?.builtAt).toBe("third");

  served = await site(null);
  expect(await index(request)).toBeNull();
});
