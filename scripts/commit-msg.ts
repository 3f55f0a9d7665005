// The commit message rule (docs/development.md): a subject of at most 72 characters, then a
// blank line before any body. Git runs this through .githooks/commit-msg, which `npm install`
// sets up (`prepare` in package.json points core.hooksPath at .githooks).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const MAX_SUBJECT = 72;

/** What is wrong with a commit message, or nothing. Git's comment lines are not part of it. */
export function commitMessageProblems(message: string): string[] {
  const lines = message
    .split("\n")
    .filter((line) => !line.startsWith("#"))
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[0] === "") lines.shift();
  const subject = lines[0] ?? "";
  // Git's own subjects for merges and reverts quote other subjects: they may run longer.
  if (/^(Merge |Revert ")/.test(subject)) return [];
  const problems: string[] = [];
  if (subject === "") problems.push("The subject is empty.");
  const length = [...subject].length;
  if (length > MAX_SUBJECT) {
    problems.push(`The subject has ${length} characters; at most ${MAX_SUBJECT}.`);
  }
  if (/[.]$/.test(subject)) problems.push("The subject ends with a full stop.");
  if (lines.length > 1 && lines[1] !== "") {
    problems.push("A blank line must follow the subject.");
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node scripts/commit-msg.ts <message file>");
    process.exit(2);
  }
  const problems = commitMessageProblems(readFileSync(file, "utf8"));
  if (problems.length > 0) {
    console.error(`Commit refused:\n${problems.map((p) => `- ${p}`).join("\n")}`);
    console.error("Write an imperative subject of at most 72 characters, a blank line, a body.");
    process.exit(1);
  }
}
