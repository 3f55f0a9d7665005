import { describe, expect, it } from "vitest";
import { createSseParser, type SseMessage, toChatEvent } from "./sse.ts";

/** Feeds `pieces` one by one and gathers every message, the end's too. */
function parse(pieces: string[]): SseMessage[] {
  const parser = createSseParser();
  return [...pieces.flatMap((piece) => parser.push(piece)), ...parser.end()];
}

const stream = [
  'event: sources\ndata: {"type":"sources","mode":"model","sources":[]}\n\n',
  'event: delta\ndata: {"type":"delta","text":"Hello"}\n\n',
  'event: done\ndata: {"type":"done","mode":"model","html":"<p>Hello</p>","text":"Hello","truncated":false}\n\n',
].join("");

describe("createSseParser", () => {
  it("reads a whole stream at once", () => {
    const messages = parse([stream]);
    expect(messages.map((m) => m.event)).toEqual(["sources", "delta", "done"]);
    expect(JSON.parse(messages[1]?.data ?? "")).toEqual({ type: "delta", text: "Hello" });
  });

  it("gives the same messages however the stream is cut", () => {
    const whole = parse([stream]);
    for (let size = 1; size <= 7; size++) {
      const pieces: string[] = [];
      for (let at = 0; at < stream.length; at += size) pieces.push(stream.slice(at, at + size));
      expect(parse(pieces)).toEqual(whole);
    }
    // Cut at every place in two.
    for (let at = 0; at <= stream.length; at++) {
      expect(parse([stream.slice(0, at), stream.slice(at)])).toEqual(whole);
    }
  });

  it("joins data lines with a newline and drops one space after the colon only", () => {
    expect(parse(["data: one\ndata:two\ndata:  three\n\n"])).toEqual([
      { event: "message", data: "one\ntwo\n three" },
    ]);
  });

  it("takes CRLF and lone CR line endings, even a CRLF cut between two pieces", () => {
    const crlf = "event: delta\r\ndata: a\r\n\r\nevent: delta\rdata: b\r\r";
    const expected = [
      { event: "delta", data: "a" },
      { event: "delta", data: "b" },
    ];
    expect(parse([crlf])).toEqual(expected);
    for (let at = 0; at <= crlf.length; at++) {
      expect(parse([crlf.slice(0, at), crlf.slice(at)])).toEqual(expected);
    }
  });

  it("skips comments and unknown fields, drops a message without data or without its blank line", () => {
    expect(
      parse([": keep-alive\n\nid: 3\nretry: 10\nevent: x\n\ndata: kept\n\ndata: cut"]),
    ).toEqual([{ event: "message", data: "kept" }]);
  });

  it("ignores a byte order mark at the start", () => {
    expect(parse(["\uFEFF", "data: x\n\n"])).toEqual([{ event: "message", data: "x" }]);
  });
});

describe("toChatEvent", () => {
  it("takes the type from the JSON or else from the event field", () => {
    expect(toChatEvent({ event: "delta", data: '{"text":"a"}' })).toEqual({
      type: "delta",
      text: "a",
    });
    expect(toChatEvent({ event: "message", data: '{"type":"delta","text":"b"}' })).toEqual({
      type: "delta",
      text: "b",
    });
  });

  it("checks the fields and fills what a source leaves out", () => {
    const event = toChatEvent({
      event: "sources",
      data: JSON.stringify({
        mode: "passages",
        sources: [
          { n: 1, url: "/articles/a/#b", title: "A", kind: "note", lang: "zh-CN" },
          { n: "x" },
        ],
      }),
    });
    expect(event).toEqual({
      type: "sources",
      mode: "passages",
      sources: [
        {
          n: 1,
          kind: "note",
          title: "A",
          section: "",
          url: "/articles/a/#b",
          lang: "zh-CN",
          date: "",
          excerpt: "",
        },
      ],
    });
  });

  it("answers null for what is not an event of the chat", () => {
    expect(toChatEvent({ event: "delta", data: "not json" })).toBeNull();
    expect(toChatEvent({ event: "delta", data: "[]" })).toBeNull();
    expect(toChatEvent({ event: "ping", data: "{}" })).toBeNull();
    expect(toChatEvent({ event: "done", data: '{"mode":"other"}' })).toBeNull();
  });

  it("reads an error event, an unknown failure as a provider's", () => {
    expect(
      toChatEvent({
        event: "error",
        data: '{"failure":"timeout","message":"m","html":"","text":"t"}',
      }),
    ).toEqual({
      type: "error",
      failure: "timeout",
      message: "m",
      html: "",
      text: "t",
    });
    expect(toChatEvent({ event: "error", data: '{"failure":"odd"}' })).toMatchObject({
      failure: "provider",
    });
  });
});
