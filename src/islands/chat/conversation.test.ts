import { describe, expect, it } from "vitest";
import { CHAT_LIMITS } from "../../shared/chat-rules.ts";
import {
  cut,
  historyOf,
  KEPT_TURNS,
  newTurn,
  readConversation,
  type Turn,
  writeConversation,
} from "./conversation.ts";

/** A Storage in memory. */
function memory(initial?: string) {
  const map = new Map<string, string>();
  if (initial !== undefined) map.set("d-chat", initial);
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const answered = (question: string, text: string, id = question): Turn => ({
  ...newTurn(question, id, new Date("2026-01-01T00:00:00Z")),
  state: "done",
  mode: "model",
  text,
  html: `<p>${text}</p>`,
});

describe("the kept conversation", () => {
  it("keeps and reads back turns under d-chat", () => {
    const store = memory();
    const turns = [answered("a?", "A [1]")];
    writeConversation(store, turns);
    expect(store.map.has("d-chat")).toBe(true);
    expect(readConversation(store)).toEqual(turns);
  });

  it("ignores bad JSON, another shape and unreadable turns", () => {
    expect(readConversation(memory("{not json"))).toEqual([]);
    expect(readConversation(memory('{"a":1}'))).toEqual([]);
    expect(readConversation(memory("null"))).toEqual([]);
    const good = answered("b?", "B");
    const read = readConversation(
      memory(JSON.stringify([1, null, { id: "x" }, { ...good, state: "odd" }, good])),
    );
    expect(read).toEqual([good]);
  });

  it("reads a turn left streaming as stopped, without HTML", () => {
    const streaming = { ...newTurn("c?", "c"), text: "half", html: "<p>x</p>" };
    const [turn] = readConversation(memory(JSON.stringify([streaming])));
    expect(turn?.state).toBe("stopped");
    expect(turn?.html).toBeNull();
    expect(turn?.text).toBe("half");
  });

  it("keeps the newest turns only, and removes the key when cleared", () => {
    const store = memory();
    const many = Array.from({ length: KEPT_TURNS + 5 }, (_, i) => answered(`q${i}`, `a${i}`));
    writeConversation(store, many);
    const read = readConversation(store);
    expect(read).toHaveLength(KEPT_TURNS);
    expect(read[0]?.question).toBe("q5");
    writeConversation(store, []);
    expect(store.map.has("d-chat")).toBe(false);
  });

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {},
    };
    expect(readConversation(broken)).toEqual([]);
    expect(() => writeConversation(broken, [answered("a", "b")])).not.toThrow();
  });
});

describe("historyOf", () => {
  it("sends the finished turns only, question then answer", () => {
    const turns: Turn[] = [
      answered("one?", "One."),
      { ...answered("two?", "Tw"), state: "stopped" },
      { ...answered("three?", ""), state: "failed" },
      answered("four?", "Four."),
    ];
    expect(historyOf(turns)).toEqual([
      { role: "user", content: "one?" },
      { role: "assistant", content: "One." },
      { role: "user", content: "four?" },
      { role: "assistant", content: "Four." },
    ]);
  });

  it("keeps the newest entries within the limit, starting with a question", () => {
    const turns = Array.from({ length: 10 }, (_, i) => answered(`q${i}`, `a${i}`));
    const history = historyOf(turns);
    expect(history).toHaveLength(CHAT_LIMITS.history);
    expect(history.at(-1)).toEqual({ role: "assistant", content: "a9" });
    const odd = historyOf(turns, { ...CHAT_LIMITS, history: 5 });
    expect(odd).toHaveLength(4);
    expect(odd[0]).toEqual({ role: "user", content: "q8" });
    expect(historyOf(turns, { ...CHAT_LIMITS, history: 0 })).toEqual([]);
  });

  it("cuts a long turn to the limit, never inside a surrogate pair", () => {
    const long = "x".repeat(CHAT_LIMITS.turn + 50);
    const [question, answer] = historyOf([answered(long, long)]);
    expect(question?.content).toHaveLength(CHAT_LIMITS.turn);
    expect(answer?.content).toHaveLength(CHAT_LIMITS.turn);
    expect(cut("ab😀c", 3)).toBe("ab");
    expect(cut("ab😀c", 4)).toBe("ab😀");
  });
});
