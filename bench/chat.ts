// `npm run bench:chat`: the AI chat's retrieval alone (src/server/chat/retrieval.ts, no model),
// measured on the seed site's index as the build writes it (dist/d-chat/passages.json: run
// `npm run build` first; .ci/run builds before the benches). The questions are
// bench/chat-questions.json, each with the passages that answer it:
// - recall@3: the share of questions with an answering passage among the first three found;
// - MRR: the mean of 1 / the rank of the first answering passage (0 when none in the first 10);
// - nothing: the share of the questions the blog has nothing on that find nothing;
// - the search's latency over the set (p50, p95), then, for scale, an index of `largePassages`
//   passages (the seed's repeated, each copy its own id and words) built once and searched with
//   every question: the build's time and the searches' p95.
// Budgets in bench/budgets.json ("chat"); exits 1 when one is missed or the set names a passage
// the index does not hold.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createRetriever } from "../src/server/chat/retrieval.ts";
import { questionLanguage } from "../src/server/chat/terms.ts";
import type { ChatIndexFile, ChatPassage } from "../src/shared/chat-rules.ts";
import { Checks } from "./checks.ts";

interface ChatBudgets {
  recallAt3: number;
  mrr: number;
  nothingAccuracy: number;
  maxSearchP95Ms: number;
  largePassages: number;
  maxLargeBuildMs: number;
  maxLargeSearchP95Ms: number;
}

interface Question {
  q: string;
  answers: string[];
  cross?: boolean;
}

interface QuestionSet {
  questions: Question[];
  nothing: string[];
}

const root = new URL("../", import.meta.url);
const budgets: ChatBudgets = JSON.parse(
  readFileSync(new URL("./budgets.json", import.meta.url), "utf8"),
).chat;
const set: QuestionSet = JSON.parse(
  readFileSync(new URL("./chat-questions.json", import.meta.url), "utf8"),
);
const indexPath = new URL("dist/d-chat/passages.json", root);

let indexText: string;
try {
  indexText = readFileSync(indexPath, "utf8");
} catch {
  console.error("dist/d-chat/passages.json is missing: run `npm run build` first.");
  process.exit(1);
}
// A parsed file of the build's own making: its shape is the endpoint's (src/pages/d-chat/).
const index = JSON.parse(indexText) as ChatIndexFile;

/** The newest change under content/, to warn when the index is older than the writing. */
function newestContent(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestContent(path) : statSync(path).mtimeMs);
  }
  return newest;
}
if (newestContent(new URL("content", root).pathname) > statSync(indexPath).mtimeMs) {
  console.warn("warning: content/ changed after dist/d-chat/passages.json was built");
}

const checks = new Checks(3);
const ids = new Set(index.passages.map((p) => p.id));
const unknown = set.questions.flatMap((q) => q.answers.filter((id) => !ids.has(id)));
for (const id of unknown) console.error(`the question set names a passage not in the index: ${id}`);

const sorted = (times: number[]) => [...times].sort((a, b) => a - b);
/** The nearest-rank percentile of sorted times. */
const percentile = (times: number[], p: number) =>
  times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? Number.NaN;

// --- Quality ------------------------------------------------------------------------------------

const retriever = createRetriever(index);
const times: number[] = [];
let hitsAt3 = 0;
let reciprocal = 0;
const misses: string[] = [];
for (const question of set.questions) {
  const lang = questionLanguage(question.q, "en-US");
  const started = performance.now();
  const found = await retriever.search(question.q, { lang, limit: 10 });
  times.push(performance.now() - started);
  const rank = found.findIndex((r) => question.answers.includes(r.passage.id)) + 1;
  if (rank >= 1 && rank <= 3) hitsAt3++;
  if (rank >= 1) reciprocal += 1 / rank;
  if (rank < 1 || rank > 3) {
    const top = found
      .slice(0, 3)
      .map((r) => r.passage.id)
      .join(", ");
    misses.push(
      `  ${rank ? `rank ${rank}` : "not found"}: ${question.q}\n    first: ${top || "(none)"}`,
    );
  }
}
let nothingRight = 0;
for (const question of set.nothing) {
  const lang = questionLanguage(question, "en-US");
  const started = performance.now();
  const found = await retriever.search(question, { lang, limit: 10 });
  times.push(performance.now() - started);
  if (found.length === 0) nothingRight++;
  else
    misses.push(
      `  found for a question on nothing: ${question}\n    first: ${found[0]?.passage.id}`,
    );
}

const n = set.questions.length;
const zh = set.questions.filter((q) => questionLanguage(q.q, "en-US") === "zh-CN").length;
const cross = set.questions.filter((q) => q.cross).length;
checks.record(
  `questions (${zh} Chinese, ${n - zh} English, ${cross} across languages)`,
  n,
  "",
  null,
);
checks.record(`passages in the index`, index.passages.length, "", null);
checks.exactly("answers naming no passage of the index", unknown.length, "", 0);
checks.atLeast("recall@3", hitsAt3 / n, "", budgets.recallAt3);
checks.atLeast("MRR (first 10)", reciprocal / n, "", budgets.mrr);
checks.atLeast(
  `nothing on the subject found nothing (of ${set.nothing.length})`,
  nothingRight / set.nothing.length,
  "",
  budgets.nothingAccuracy,
);

// --- Speed --------------------------------------------------------------------------------------

// The questions again, warm, several times each.
const warm: number[] = [];
for (let run = 0; run < 5; run++) {
  for (const q of [...set.questions.map((x) => x.q), ...set.nothing]) {
    const started = performance.now();
    await retriever.search(q, { lang: questionLanguage(q, "en-US"), limit: 5 });
    warm.push(performance.now() - started);
  }
}
const warmSorted = sorted(warm);
checks.record("seed: first search (builds the index)", times[0] ?? Number.NaN, "ms", null);
checks.record("seed: search p50", percentile(warmSorted, 50), "ms", null);
checks.atMost("seed: search p95", percentile(warmSorted, 95), "ms", budgets.maxSearchP95Ms);

/** The seed's passages repeated to `count`, each copy with its own id and a word of its own. */
function largeIndex(count: number): ChatIndexFile {
  const passages: ChatPassage[] = [];
  for (let i = 0; passages.length < count; i++) {
    const p = index.passages[i % index.passages.length];
    if (!p) break;
    const copy = Math.floor(i / index.passages.length);
    passages.push({ ...p, id: `${p.id}@${copy}`, text: `${p.text} copy${copy}` });
  }
  return { version: 1, passages };
}
const large = largeIndex(budgets.largePassages);
const largeRetriever = createRetriever(large);
const buildStarted = performance.now();
await largeRetriever.search("warm up", { lang: "en-US", limit: 5 });
const buildMs = performance.now() - buildStarted;
const largeTimes: number[] = [];
for (let run = 0; run < 3; run++) {
  for (const q of [...set.questions.map((x) => x.q), ...set.nothing]) {
    const started = performance.now();
    await largeRetriever.search(q, { lang: questionLanguage(q, "en-US"), limit: 5 });
    largeTimes.push(performance.now() - started);
  }
}
const largeSorted = sorted(largeTimes);
checks.atMost(
  `${large.passages.length} passages: index built`,
  buildMs,
  "ms",
  budgets.maxLargeBuildMs,
);
checks.record(
  `${large.passages.length} passages: search p50`,
  percentile(largeSorted, 50),
  "ms",
  null,
);
checks.atMost(
  `${large.passages.length} passages: search p95`,
  percentile(largeSorted, 95),
  "ms",
  budgets.maxLargeSearchP95Ms,
);

if (misses.length) console.log(`misses:\n${misses.join("\n")}`);
checks.print();
checks.conclude();
