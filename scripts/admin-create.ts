// `npm run admin:create -- --email <email> --password <password> [--name <username>]`
// Creates an admin, or promotes an existing user, in the configured database (DATABASE_URL,
// else the embedded one under DATA_DIR or .data). Asks on stdin for what is not given (the
// password without echo on a terminal). Exits 1, touching nothing, when the embedded database
// is held by a running server.

import { stdin, stdout } from "node:process";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import type { Database } from "../src/server/db/client.ts";
import { configFromEnv, explainStartError, startDatabase } from "../src/server/runtime.ts";
import { ensureAdmin } from "../src/server/users/admin.ts";
import { findUserByEmail } from "../src/server/users/repository.ts";
import { emailSchema, isStrongPassword, USERNAME } from "../src/shared/auth.ts";

const USAGE =
  "usage: npm run admin:create -- --email <email> [--password <password>] [--name <username>]";
const PASSWORD_RULE = "The password must be 6-16 characters combining letters, digits and symbols.";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args: {
  email?: string | undefined;
  password?: string | undefined;
  name?: string | undefined;
  help?: boolean | undefined;
};
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

// --- stdin: a persistent line reader when piped, prompts (and a silent one) on a terminal ---

let piped: AsyncIterator<string> | undefined;

async function readLine(prompt: string): Promise<string> {
  if (!stdin.isTTY) {
    stdout.write(prompt);
    piped ??= createInterface({ input: stdin, crlfDelay: Number.POSITIVE_INFINITY })[
      Symbol.asyncIterator
    ]();
    const next = await piped.next();
    if (next.done) fail("\nNo input.");
    stdout.write("\n");
    return String(next.value).trim();
  }
  const rl = createInterface({ input: stdin, output: stdout });
  try {
    return (await new Promise<string>((resolve) => rl.question(prompt, resolve))).trim();
  } finally {
    rl.close();
  }
}

function readHidden(prompt: string): Promise<string> {
  if (!stdin.isTTY) return readLine(prompt);
  return new Promise((resolve) => {
    stdout.write(prompt);
    let value = "";
    const finish = () => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stdout.write("\n");
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") {
          finish();
          resolve(value);
          return;
        }
        if (ch === "\u0003") {
          finish();
          fail("Cancelled.");
        }
        value = ch === "\u007f" || ch === "\b" ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    stdin.on("data", onData);
    stdin.resume();
  });
}

// --- The work ---------------------------------------------------------------------------------

const emailResult = emailSchema.safeParse(args.email ?? (await readLine("Email: ")));
if (!emailResult.success) fail(`Not a valid email address.\n${USAGE}`);
const email = emailResult.data;
if (args.password !== undefined && !isStrongPassword(args.password)) fail(PASSWORD_RULE);
if (args.name !== undefined && !USERNAME.test(args.name)) {
  fail("The username must be 2-10 letters or digits.");
}

const config = configFromEnv();
let database: Database;
try {
  database = await startDatabase(config);
} catch (error) {
  fail(explainStartError(error, config));
}

let exitCode = 0;
try {
  let password = args.password;
  if (password === undefined && !(await findUserByEmail(database.db, email))) {
    password = await readHidden("Password for the new admin: ");
    if (!isStrongPassword(password)) throw new Error(PASSWORD_RULE);
    if (stdin.isTTY && (await readHidden("Repeat the password: ")) !== password) {
      throw new Error("The passwords differ.");
    }
  }
  const result = await ensureAdmin(database.db, { email, password, userName: args.name });
  const where =
    database.kind === "pglite" ? `the embedded database (${config.dataDir})` : "PostgreSQL";
  switch (result.outcome) {
    case "created":
      console.log(`Created the admin ${email} in ${where}.`);
      break;
    case "promoted":
      console.log(
        `Promoted ${email} to admin in ${where}${result.passwordSet ? " and set the password" : ""}.`,
      );
      break;
    case "unchanged":
      console.log(
        `${email} is already an admin in ${where}${result.passwordSet ? "; the password is set" : ""}.`,
      );
      break;
    case "password-required":
      throw new Error("A password is needed to create a new account.");
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
