import { describe, expect, it } from "vitest";
import { feedbackSubmissionSchema } from "../../shared/feedback.ts";
import { captureEnvironment, emptyFields, toSubmission, validateFields } from "./fields.ts";

describe("feedback form fields", () => {
  it("requires subject and description and checks contact only when given", () => {
    expect(validateFields(emptyFields())).toEqual({ subject: "required", description: "required" });
    expect(validateFields({ ...emptyFields(), subject: " a ", description: "b" })).toEqual({});
    expect(
      validateFields({ ...emptyFields(), subject: "a", description: "b", contact: "nope" }),
    ).toEqual({
      contact: "invalid",
    });
    expect(
      validateFields({ ...emptyFields(), subject: "s".repeat(101), description: "b" }),
    ).toEqual({
      subject: "tooLong",
    });
  });

  it("builds a submission the server schema accepts", () => {
    const win = {
      location: { href: "http://localhost:4321/" },
      navigator: { userAgent: "UA" },
      innerWidth: 390,
      innerHeight: 844,
    } as unknown as Window; // only the fields captureEnvironment reads
    const environment = captureEnvironment(win);
    expect(environment.viewport).toBe("390×844");
    const submission = toSubmission(
      { ...emptyFields("praise"), subject: " Nice ", description: "Fast pages", contact: "a@b.co" },
      environment,
    );
    const parsed = feedbackSubmissionSchema.parse(submission);
    expect(parsed).toMatchObject({ feedbackType: "praise", subject: "Nice", screenshots: [] });
  });
});
