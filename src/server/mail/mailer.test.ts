import { createTransport } from "nodemailer";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../shared/kinds/settings.ts";
import { saveSettings } from "../site-config/settings-repository.ts";
import { callJson, describeEachDb } from "../test-support.ts";
import { DEFAULT_MAIL_FROM, fromLine, type MailMessage, smtpMailer } from "./mailer.ts";
import { composeFeedbackReply, composeMail } from "./messages.ts";

// The From line of the SMTP port: the configured address under the site's name as its settings
// say, in the mail's language; the mails sent through nodemailer's JSON transport (nothing leaves
// the process) and read back as nodemailer made them.

interface Sent {
  from: { name: string; address: string };
  to: { address: string }[];
  subject: string;
  text: string;
}

/** An SMTP mailer over nodemailer's JSON transport, and the mails it made. */
function jsonMailer(from = DEFAULT_MAIL_FROM) {
  const transport = createTransport({ jsonTransport: true });
  const sent: Sent[] = [];
  const sendMail = transport.sendMail.bind(transport);
  // Keeps each mail as the transport wrote it (its JSON), then answers as nodemailer did.
  transport.sendMail = (async (options: Parameters<typeof sendMail>[0]) => {
    const info = await sendMail(options);
    // The JSON transport writes the mail as JSON: the fields read here are the ones it always has.
    sent.push(JSON.parse(String(info.message)) as Sent);
    return info;
  }) as typeof transport.sendMail; // sendMail is overloaded (a callback form); this is its promise form
  return { mailer: smtpMailer(transport, from), sent };
}

describe("the From line", () => {
  it("puts the site's name on the configured address", () => {
    expect(fromLine(DEFAULT_MAIL_FROM, "墨迹")).toEqual({
      name: "墨迹",
      address: "no-reply@localhost",
    });
    expect(fromLine("blog@example.com", "Inkwell")).toEqual({
      name: "Inkwell",
      address: "blog@example.com",
    });
    expect(fromLine('"Old, Name" <blog@example.com>', "Inkwell")).toEqual({
      name: "Inkwell",
      address: "blog@example.com",
    });
  });

  it("keeps the configured line without a name, or when it holds no address", () => {
    expect(fromLine(DEFAULT_MAIL_FROM, undefined)).toBe(DEFAULT_MAIL_FROM);
    expect(fromLine(DEFAULT_MAIL_FROM, "  ")).toBe(DEFAULT_MAIL_FROM);
    expect(fromLine("nobody", "Inkwell")).toBe("nobody");
  });

  it("is the composed mail's site name, in the mail's language", async () => {
    const { mailer, sent } = jsonMailer("Two Inks <blog@example.com>");
    const message: MailMessage = {
      to: "reader@example.com",
      ...composeMail("code", "zh-CN", { code: "123456" }),
    };
    await mailer.send(message);
    await mailer.send({
      to: "writer@example.com",
      ...composeFeedbackReply("en-US", "Hi", "Hello"),
    });
    expect(sent.map((mail) => mail.from)).toEqual([
      { name: DEFAULT_SETTINGS.title["zh-CN"], address: "blog@example.com" },
      { name: DEFAULT_SETTINGS.title["en-US"], address: "blog@example.com" },
    ]);
  });
});

const smtp = jsonMailer();

describeEachDb(
  "mail sent under the site's saved title",
  (ctx) => {
    beforeEach(() => {
      smtp.sent.length = 0;
    });

    it("signs a code mail with the title saved in settings, in the reader's language", async () => {
      const { app, database } = ctx();
      await saveSettings(
        database.db,
        {
          value: { ...DEFAULT_SETTINGS, title: { "zh-CN": "墨迹", "en-US": "Inkwell" } },
          updatedBy: null,
        },
        "none",
      );
      for (const locale of ["zh-CN", "en-US"] as const) {
        const res = await callJson(app, "POST", "/api/getEmailCode", {
          body: { email: `${locale.toLowerCase()}@example.com`, locale },
        });
        expect(res.status).toBe(200);
      }
      expect(smtp.sent.map(({ from, to }) => [to[0]?.address, from])).toEqual([
        ["zh-cn@example.com", { name: "墨迹", address: "no-reply@localhost" }],
        ["en-us@example.com", { name: "Inkwell", address: "no-reply@localhost" }],
      ]);
      expect(smtp.sent[1]?.text).toContain("Inkwell");
    });

    it("signs with the default name while nothing is saved", async () => {
      const res = await callJson(ctx().app, "POST", "/api/getEmailCode", {
        body: { email: "new@example.com", locale: "en-US" },
      });
      expect(res.status).toBe(200);
      expect(smtp.sent.map((mail) => mail.from)).toEqual([
        { name: DEFAULT_SETTINGS.title["en-US"], address: "no-reply@localhost" },
      ]);
    });
  },
  { app: { mailer: smtp.mailer } },
);
