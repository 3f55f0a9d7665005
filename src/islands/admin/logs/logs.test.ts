import { describe, expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import { auditLogQuerySchema, requestLogQuerySchema } from "../../../shared/logs.ts";
import {
  AUDIT_FILTERS,
  auditQuery,
  REQUEST_FILTERS,
  rangeBackwards,
  requestQuery,
} from "./filters.ts";
import { actorText } from "./LogParts.tsx";

describe("the log center's filters", () => {
  it("send only what is set, times as ISO with their zone, which the server takes", () => {
    const query = requestQuery({
      ...REQUEST_FILTERS,
      from: "2026-11-01T08:00",
      status: "5xx",
      path: " /api/admin ",
      q: "",
    });
    expect(query).toEqual({
      from: new Date("2026-11-01T08:00").toISOString(),
      status: "5xx",
      path: "/api/admin",
    });
    expect(requestLogQuerySchema.safeParse({ ...query, page: "1", pageSize: "50" }).success).toBe(
      true,
    );
    const audit = auditQuery({ ...AUDIT_FILTERS, action: "nav.groups", to: "not a time" });
    expect(audit).toEqual({ action: "nav.groups" });
    expect(auditLogQuerySchema.safeParse(audit).success).toBe(true);
  });

  it("see a range that runs backwards", () => {
    expect(rangeBackwards({ from: "2026-11-02T00:00", to: "2026-11-01T00:00" })).toBe(true);
    expect(rangeBackwards({ from: "2026-11-01T00:00", to: "2026-11-01T00:00" })).toBe(false);
    expect(rangeBackwards({ from: "", to: "2026-11-01T00:00" })).toBe(false);
  });

  for (const locale of ["en-US", "zh-CN"] as const) {
    it(`name who did it in ${locale}`, () => {
      const t = translator(locale);
      expect(actorText(t, { id: "a", name: "Owner" })).toBe("Owner");
      expect(actorText(t, null)).toBe(locale === "en-US" ? "Not signed in" : "未登录");
    });
  }
});
