import { createTransport } from "nodemailer";
import type { Db } from "../db/client.ts";
import { insertOutboxMail } from "./repository.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The mail port: SMTP when configured, else the outbox table (the embedded default). */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

/** Stores each mail in the `outbox` table and prints one line (the code is in the subject). */
export function outboxMailer(
  db: Db,
  log: (line: string) => void = (line) => console.info(line),
): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      await insertOutboxMail(db, { to: message.to, subject: message.subject, body: message.text });
      log(`[mail outbox] to ${message.to}: ${message.subject}`);
    },
  };
}

/** SMTP through nodemailer, e.g. `smtps://user:pass@smtp.example.com:465`. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = createTransport(url);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}

export const DEFAULT_MAIL_FROM = "Two Inks <no-reply@localhost>";

/** `SMTP_URL` (and `MAIL_FROM`) select SMTP; otherwise the outbox of `db`. */
export function mailerFromEnv(env: NodeJS.ProcessEnv, db: Db): Mailer {
  return env.SMTP_URL
    ? smtpMailer(env.SMTP_URL, env.MAIL_FROM || DEFAULT_MAIL_FROM)
    : outboxMailer(db);
}
