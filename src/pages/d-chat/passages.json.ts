import { chatIndex } from "../../lib/chat-index.ts";

// The AI chat's index (ChatIndexFile, src/shared/chat-rules.ts), written by the build as
// dist/d-chat/passages.json; the chat API's retriever (src/server/chat/retrieval.ts) searches it.
// Not in the sitemap (src/pages/sitemap.xml.ts lists pages by hand) and not in the search
// indexes (scripts/build-search.ts reads HTML only).
export const prerender = true;

export async function GET() {
  return new Response(JSON.stringify(await chatIndex()), {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
