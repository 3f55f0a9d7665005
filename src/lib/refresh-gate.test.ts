import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { refreshGate } from "./refresh-gate.ts";

/** A request for `url` through the gate: `passed` once it reached Astro, `end()` its response. */
function request(gate: ReturnType<typeof refreshGate>, url: string) {
  const res = new EventEmitter();
  const state = { passed: false, end: () => void res.emit("finish") };
  // The gate reads the URL and listens on the response; nothing else of either.
  const req = { url } as IncomingMessage;
  gate.admit(req, res as ServerResponse, () => {
    state.passed = true;
  });
  return state;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("the refresh gate of astro dev", () => {
  it("runs a refresh after the renders under way and holds new pages until it ends", async () => {
    const gate = refreshGate();
    const events: string[] = [];
    let finishRefresh = () => {};
    const refresh = gate.wrap(async () => {
      events.push("refresh starts");
      await new Promise<void>((resolve) => {
        finishRefresh = resolve;
      });
      events.push("refresh ends");
    });
    const before = request(gate, "/articles/one/");
    await tick();
    expect(before.passed).toBe(true);
    const refreshed = refresh({});
    await tick();
    expect(events).toEqual([]);
    const during = request(gate, "/articles/two/");
    const api = request(gate, "/api/admin/articles");
    await tick();
    expect(during.passed).toBe(false);
    expect(api.passed).toBe(true);
    before.end();
    await tick();
    expect(events).toEqual(["refresh starts"]);
    expect(during.passed).toBe(false);
    finishRefresh();
    await refreshed;
    await tick();
    expect(events).toEqual(["refresh starts", "refresh ends"]);
    expect(during.passed).toBe(true);
  });

  it("runs the refresh after drainMs when a render never ends, and one refresh at a time", async () => {
    const gate = refreshGate({ drainMs: 20 });
    const order: string[] = [];
    const refresh = gate.wrap(async (options) => {
      order.push(`start ${String(options.context?.n)}`);
      await tick();
      order.push(`end ${String(options.context?.n)}`);
    });
    request(gate, "/stuck/");
    await tick();
    await Promise.all([refresh({ context: { n: 1 } }), refresh({ context: { n: 2 } })]);
    expect(order).toEqual(["start 1", "end 1", "start 2", "end 2"]);
  });

  it("opens again after a refresh that failed", async () => {
    const gate = refreshGate();
    const refresh = gate.wrap(async () => {
      throw new Error("the content config did not load");
    });
    await expect(refresh({})).rejects.toThrow("did not load");
    const after = request(gate, "/");
    await tick();
    expect(after.passed).toBe(true);
  });
});
