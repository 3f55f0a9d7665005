import { createTransport, type Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { Db } from "../db/client.ts";
import { insertOutboxMail } from "./repository.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The site's name in the mail's language, as its settings say (`composeMail` gives it): the
   * From line's name. Without it the From line is the configured one as it is.
   */
  siteName?: string;
  /** Headers beyond From, To and Subject: a reply mail's `List-Unsubscribe` pair (RFC 8058). */
  headers?: Record<string, string>;
}

/** The mail port: SMTP when configured, else the outbox table (the embedded default). */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  /**
   * Writes the mail inside the caller's transaction, where the port can (the outbox): the mail
   * and the record that it went then stand or fall together.
   */
  sendWithin?(tx: Db, message: MailMessage): Promise<void>;
}

/** Stores each mail in the `outbox` table and prints one line (the code is in the subject). */
export function outboxMailer(
  db: Db,
  log: (line: string) => void = (line) => console.info(line),
): Mailer {
  const write = async (into: Db, message: MailMessage) => {
    await insertOutboxMail(into, {
      to: message.to,
      subject: message.subject,
      body: message.text,
      headers: message.headers ?? null,
    });
    log(`[mail outbox] to ${message.to}: ${message.subject}`);
  };
  return {
    kind: "outbox",
    send: (message) => write(db, message),
    sendWithin: write,
  };
}

/**
 * The From line of a mail: the address of `from` (MAIL_FROM, parsed by nodemailer's own parser)
 * under the site's name when the mail gives one, so a site renamed in its settings signs its
 * mails with the new name; `from` as it is otherwise, or when it names no address.
 */
export function fromLine(
  from: string,
  siteName: string | undefined,
): string | { name: string; address: string } {
  const name = siteName?.trim();
  if (!name) return from;
  const [first] = addressparser(from, { flatten: true });
  return first?.address ? { name, address: first.address } : from;
}

/**
 * SMTP through nodemailer: a URL such as `smtps://user:pass@smtp.example.com:465`, or a transport
 * already made (the tests' JSON transport).
 */
export function smtpMailer(transport: string | Transporter, from: string): Mailer {
  const transporter = typeof transport === "string" ? createTransport(transport) : transport;
  return {
    kind: "smtp",
    async send(message) {
      await transporter.sendMail({
        from: fromLine(from, message.siteName),
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
  };
}

/** The From line when MAIL_FROM is not set; its name gives way to the site's title in settings. */
export const DEFAULT_MAIL_FROM = "Two Inks <no-reply@localhost>";

/** `SMTP_URL` (and `MAIL_FROM`) select SMTP; otherwise the outbox of `db`. */
export function mailerFromEnv(env: NodeJS.ProcessEnv, db: Db): Mailer {
  return env.SMTP_URL
    ? smtpMailer(env.SMTP_URL, env.MAIL_FROM || DEFAULT_MAIL_FROM)
    : outboxMailer(db);
}
