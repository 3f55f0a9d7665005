import { describe, expect, it } from "vitest";
import { feedbackSubmissionSchema, isContact } from "./feedback.ts";

const environment = {
  url: "https://blog.example/articles",
  userAgent: "UA",
  viewport: "390×844",
  timestamp: "2026-11-22T08:00:00.000Z",
};

describe("feedback validation", () => {
  it("accepts emails and phone numbers as contact", () => {
    for (const v of [
      "a@b.co",
      "读者@例子.中国",
      "+86 138 0013 8000",
      "(555) 123-4567",
      "13800138000",
    ]) {
      expect(isContact(v), v).toBe(true);
    }
    for (const v of ["a@b", "call me", "12345", "+1234567890123456", "@x.com"]) {
      expect(isContact(v), v).toBe(false);
    }
  });

  it("trims and defaults", () => {
    const parsed = feedbackSubmissionSchema.parse({
      subject: "  hi  ",
      description: " text ",
      environment,
    });
    expect(parsed).toEqual({
      feedbackType: "bug",
      subject: "hi",
      description: "text",
      screenshots: [],
      contact: "",
      environment,
    });
  });

  it("requires subject and description but not contact", () => {
    expect(feedbackSubmissionSchema.safeParse({ description: "d", environment }).success).toBe(
      false,
    );
    expect(feedbackSubmissionSchema.safeParse({ subject: "s", environment }).success).toBe(false);
    expect(
      feedbackSubmissionSchema.safeParse({ subject: "s", description: "d", environment }).success,
    ).toBe(true);
  });

  it("accepts a timestamp with an offset and rejects a viewport in another form", () => {
    const ok = {
      subject: "s",
      description: "d",
      environment: { ...environment, timestamp: "2026-11-22T16:00:00+08:00" },
    };
    expect(feedbackSubmissionSchema.safeParse(ok).success).toBe(true);
    const bad = { ...ok, environment: { ...environment, viewport: "390 x 844" } };
    expect(feedbackSubmissionSchema.safeParse(bad).success).toBe(false);
  });
});
