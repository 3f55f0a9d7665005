import { describe, expect, it } from "vitest";
import { noteRefreshLoaded, type RefreshContent } from "../../lib/content-source.ts";
import { refreshUntilLoaded } from "./publishers.ts";

describe("refreshUntilLoaded (astro dev)", () => {
  it("asks again when Astro resolved a refresh it skipped", async () => {
    const calls: unknown[] = [];
    const refresh: RefreshContent = async (options) => {
      calls.push(options.context?.changedAt);
      // The first sync is skipped: no loader runs, nothing is noted.
      if (calls.length > 1) noteRefreshLoaded(options.context?.changedAt);
    };
    const changedAt = Date.now() + 1_000;
    await refreshUntilLoaded(refresh, "loader", { changedAt, reason: "test" });
    expect(calls).toEqual([changedAt, changedAt]);
  });

  it("is satisfied by a later change's load", async () => {
    let calls = 0;
    const changedAt = Date.now() + 2_000;
    const refresh: RefreshContent = async () => {
      calls++;
      noteRefreshLoaded(changedAt + 5);
    };
    await refreshUntilLoaded(refresh, "loader", { changedAt, reason: "test" });
    expect(calls).toBe(1);
  });

  it("fails after the tries when no sync runs", async () => {
    let calls = 0;
    const refresh: RefreshContent = async () => {
      calls++;
    };
    await expect(
      refreshUntilLoaded(refresh, "loader", { changedAt: Date.now() + 10_000, reason: "test" }, 2),
    ).rejects.toThrow(/skipped the content refresh 2 times/);
    expect(calls).toBe(2);
  });
});
