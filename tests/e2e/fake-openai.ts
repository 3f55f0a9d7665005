// The browser tests' language model: an OpenAI-compatible provider on loopback (the same fake
// the API's tests use, src/server/chat/fake-provider.test-support.ts), which the e2e server
// reaches through AI_BASE_URL. What it answers depends on the question: "slowly" streams for a
// long time (to press Stop), "fail" answers 500, anything else a short answer citing [1] with
// a code block.
import { startFakeProvider } from "../../src/server/chat/fake-provider.test-support.ts";

export const FAKE_ANSWER = [
  "From the blog: ",
  "pages are built ahead of time and read without JavaScript [1].",
  "\n\n```ts\nconst html = await build();\n```\n\n",
  "See also the second source [2].",
];

const port = Number(process.env.FAKE_AI_PORT || 4394);
const questionOf = (messages: Array<{ content: string }>) =>
  /Question: (.*)$/s.exec(messages.at(-1)?.content ?? "")?.[1] ?? "";

const provider = await startFakeProvider((request) => {
  const question = questionOf(request.messages).toLowerCase();
  if (question.includes("fail")) return { kind: "fail", status: 500 };
  if (question.includes("slowly")) {
    return {
      kind: "stream",
      chunks: Array.from({ length: 300 }, (_, i) => `word${i} `),
      delayMs: 100,
    };
  }
  return { kind: "stream", chunks: FAKE_ANSWER, delayMs: 50 };
}, port);
console.log(`Fake AI provider on ${provider.baseUrl}`);
