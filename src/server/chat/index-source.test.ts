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

/** An index whose one passage is named `name`, to tell the files apart. */
const indexNamed = (name: string): ChatIndexFile => ({
  version: 1,
  passages: [
    {
      id: name,
      kind: "note",
      title: name,
      section: "",
      url: "/random-notes/",
      lang: "en-US",
      date: "2026-11-27T00:00:00.000Z",
      pair: null,
      text: name,
    },
  ],
});
const nameOf = (index: ChatIndexFile | null) => index?.passages[0]?.id;

async function site(name: string | null): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "chat-site-"));
  dirs.push(dir);
  if (name) {
    await mkdir(join(dir, "d-chat"), { recursive: true });
    writeFileSync(join(dir, "d-chat", "passages.json"), JSON.stringify(indexNamed(name)));
  }
  return dir;
}

it("follows the served build: the swapped folder's index, a rewritten file, none", async () => {
  let served = await site("first");
  const index = builtSiteChatIndex(() => served);
  const request = new Request("http://localhost/api/chat");
  const first = await index(request);
  expect(nameOf(first)).toBe("first");
  // Read once while unchanged: the same object (the retriever built on it is kept).
  expect(await index(request)).toBe(first);

  served = await site("second");
  expect(nameOf(await index(request))).toBe("second");

  const file = join(served, "d-chat", "passages.json");
  writeFileSync(file, JSON.stringify(indexNamed("third")));
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
  expect(nameOf(await index(request))).toBe("third");

  served = await site(null);
  expect(await index(request)).toBeNull();
});
