import { expect, type Page, test } from "@playwright/test";
import {
  codeAfter,
  freshEmail,
  lastMailId,
  PASSWORD as password,
  registerNew,
  sql,
} from "./live-admin.ts";
import { needs } from "./support.ts";

// Real account flows against `npm start` on PostgreSQL: codes are read from the outbox, the
// way a local owner reads them without SMTP.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

async function logIn(page: Page, email: string, secret: string) {
  const form = page.getByRole("tabpanel");
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  await form.getByLabel("Password").fill(secret);
  await form.getByRole("button", { name: "Log in" }).click();
}

/** The login form refuses `refused` with its one message for every failure, then takes `accepted`. */
async function onlyLogsInWith(page: Page, email: string, refused: string, accepted: string) {
  await logIn(page, email, refused);
  await expect(page.getByRole("alert")).toHaveText(
    "Login failed, please check your account email or password",
  );
  await logIn(page, email, accepted);
  await expect(page).toHaveURL("/");
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("e2e-seeded")) {
      sessionStorage.setItem("e2e-seeded", "1");
      localStorage.setItem("app-locale", "en-US");
    }
  });
});

test("register with the mailed code, log out, log in again", async ({ page }) => {
  const email = await registerNew(page, "newreader");
  await page.getByRole("button", { name: "Close this notice" }).click();
  await expect(page.getByText("Registration successful")).toBeHidden();
  // Said once: the next page does not say it again.
  await page.reload();
  await expect(page.getByRole("button", { name: "Account menu for newreader" })).toBeVisible();
  // The notice would come a frame after the menu: let two pass.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await expect(page.getByText("Registration successful")).toBeHidden();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("user-info") ?? "null"));
  expect(stored.user).toMatchObject({ isLogin: true, email, userName: "newreader", role: "user" });
  expect(stored.token.length).toBeGreaterThanOrEqual(22);

  await page.getByRole("button", { name: "Account menu for newreader" }).click();
  // Logging out reloads "/", where the test already is: wait for that load, or the checks
  // below could run in the page that is going away.
  const reloaded = page.waitForEvent("load");
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await reloaded;
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("user-info"))).toBeNull();
  // The old token is dead on the server too.
  const res = await page.request.get("/api/verifyIdentity", {
    headers: { authorization: `Bearer ${stored.token}` },
  });
  expect(res.status()).toBe(401);

  await page.goto("/register-login");
  await onlyLogsInWith(page, email, "wrong-pass1!", password);
});

test("reset the password in four steps", async ({ page }) => {
  const email = await registerNew(page, "forgetful");
  await page.evaluate(() => localStorage.removeItem("user-info"));
  await page.goto("/register-login");
  await page.getByRole("tab", { name: "Forgot password" }).click();
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  const before = await lastMailId(email);
  await page.getByRole("button", { name: "Next" }).click();
  await page
    .getByRole("textbox", { name: "Verification code" })
    .fill(await codeAfter(email, before));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByLabel("New password").fill("new2pass?");
  await page.getByLabel("Confirm password").fill("new2pass?");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Your password has been reset.")).toBeVisible();
  await page.getByRole("button", { name: "Back to log in" }).click();
  await onlyLogsInWith(page, email, password, "new2pass?");
});

test("the back office: readers go to unauthorized, admins get in, guests log in and come back", async ({
  page,
}) => {
  const email = await registerNew(page, "owner2");
  await page.goto("/bms/overview");
  await expect(page).toHaveURL("/unauthorized");

  await sql`update users set role = 'admin' where email = ${email}`;
  await page.goto("/bms/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  await page.evaluate(() => localStorage.removeItem("user-info"));
  await page.goto("/bms/LogCenter");
  await expect(page).toHaveURL("/register-login?next=%2Fbms%2FLogCenter");
  await logIn(page, email, password);
  await expect(page).toHaveURL("/bms/LogCenter");
  await expect(page.getByRole("heading", { level: 1, name: "Logs" })).toBeVisible();
});

test("after logging in, a next= that the URL parser reads as another host goes home", async ({
  page,
}) => {
  // Security issue 11: the tab is dropped by the parser, leaving //evil.example/.
  const email = await registerNew(page, "wanderer");
  await page.evaluate(() => localStorage.removeItem("user-info"));
  await page.goto("/register-login?next=/%09/evil.example/");
  await logIn(page, email, password);
  await expect(page).toHaveURL("/");
});

test("personal settings: upload an avatar and change the profile, kept on the server", async ({
  page,
}) => {
  await registerNew(page, "painter");
  await page.goto("/register-login?view=settings");
  const form = page.getByRole("form", { name: "Personal settings" });
  // A 1×1 PNG.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  await form
    .getByLabel("Avatar")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(form.getByRole("status")).toHaveText("Your settings are saved");
  const avatar = await page.evaluate(
    () => JSON.parse(localStorage.getItem("user-info") ?? "null").user.avatar,
  );
  expect(avatar).toMatch(/^\/api\/avatars\//);
  expect((await page.request.get(avatar)).headers()["content-type"]).toContain("image/png");

  await form.getByRole("textbox", { name: "Introduction" }).fill("Draws in two inks.");
  await form.getByRole("radio", { name: "Secret" }).check();
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form.getByRole("status")).toHaveText("Your settings are saved");
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem("user-info") ?? "null").token,
  );
  const identity = await (
    await page.request.get("/api/verifyIdentity", { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(identity.data.user).toMatchObject({ desc: "Draws in two inks.", avatar });
});

test("personal settings: a new email address needs the password and the code sent to it", async ({
  page,
}) => {
  const email = await registerNew(page, "mover");
  const moved = freshEmail();
  await page.goto("/register-login?view=settings");
  const form = page.getByRole("form", { name: "Personal settings" });
  await form.getByRole("textbox", { name: "Email" }).fill(moved);
  await form.getByRole("button", { name: "Apply" }).click();
  const confirm = page.getByRole("form", { name: "Confirm the new email address" });
  await expect(confirm).toContainText(moved);
  const before = await lastMailId(moved);
  const notices = await lastMailId(email);
  await confirm.getByLabel("Current password").fill(password);
  await confirm.getByRole("button", { name: "Send code to the new address" }).click();
  await expect(confirm.getByRole("status")).toContainText(moved);
  await confirm
    .getByRole("textbox", { name: "Verification code" })
    .fill(await codeAfter(moved, before));
  await confirm.getByRole("button", { name: "Change email" }).click();
  const settings = page.getByRole("form", { name: "Personal settings" });
  await expect(settings.getByRole("status")).toHaveText(
    "Your email address is changed. Your old address has been told.",
  );
  await expect(settings.getByRole("textbox", { name: "Email" })).toHaveValue(moved);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("user-info") ?? "null"));
  expect(stored.user.email).toBe(moved);
  expect(await lastMailId(email)).toBeGreaterThan(notices);
});

test("change password: the new one works, the old one no longer does", async ({ page }) => {
  const email = await registerNew(page, "rotator");
  await page.goto("/register-login?view=password");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill(password);
  await form.getByLabel("New password").fill("fresh3pass#");
  await form.getByLabel("Confirm password").fill("fresh3pass#");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form.getByRole("status")).toContainText("Your password is changed");
  await page.evaluate(() => localStorage.removeItem("user-info"));
  await page.goto("/register-login");
  await onlyLogsInWith(page, email, password, "fresh3pass#");
});

test("the feedback center lists what readers sent and moves it through its statuses", async ({
  page,
}) => {
  const email = await registerNew(page, "keeper");
  await sql`update users set role = 'admin' where email = ${email}`;
  // A reader's feedback, sent through the widget's API.
  const subject = `Broken link ${Date.now()}`;
  const sent = await page.request.post("/api/createFeedback", {
    data: {
      feedbackType: "bug",
      subject,
      description: "The about link is broken on phones.",
      contact: "reader@example.com",
      environment: {
        url: "http://localhost/about",
        userAgent: "UA",
        viewport: "390×844",
        timestamp: new Date().toISOString(),
      },
    },
  });
  expect(sent.status()).toBe(200);
  await page.goto("/bms/FeedBackCenter");
  await page.getByLabel("Status", { exact: true }).selectOption("new");
  const item = page.getByRole("listitem").filter({ hasText: subject });
  await expect(item.getByText("New", { exact: true })).toBeVisible();
  // One step: the status to move to is a button.
  await item
    .getByRole("group", { name: `Change status of “${subject}”` })
    .getByRole("button", { name: "Mark as In progress" })
    .click();
  await expect(page.getByText("Status changed to In progress.")).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("in_progress");
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: subject })
      .getByText("In progress", { exact: true }),
  ).toBeVisible();
});

test("user management: search, change role and status, add and delete", async ({ page }) => {
  const admin = await registerNew(page, "chief");
  await sql`update users set role = 'admin' where email = ${admin}`;
  const added = freshEmail();
  await page.goto("/bms/userManagement");
  const add = page.getByRole("form", { name: "Add a user" });
  await add.getByRole("textbox", { name: "Email" }).fill(added);
  await add.getByRole("textbox", { name: "Username" }).fill("guest7");
  await add.getByLabel("Password", { exact: true }).fill("gu3st!pass");
  await add.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByText("Added guest7.")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search by name or email" }).fill(added);
  const row = page.getByRole("row", { name: /guest7/ });
  await expect(row).toHaveCount(1);
  await row.getByRole("combobox", { name: "Role of guest7" }).selectOption("admin");
  await expect(page.getByText("Saved guest7.")).toBeVisible();
  await row.getByRole("combobox", { name: "Status of guest7" }).selectOption("disabled");
  await expect(page.getByText("Saved guest7.")).toBeVisible();
  expect((await sql`select role, status from users where email = ${added}`)[0]).toEqual({
    role: "admin",
    status: "disabled",
  });

  // The back office's own confirm step, not the browser's box: Cancel is focused first.
  page.once("dialog", () => {
    throw new Error("a browser dialog opened");
  });
  await row.getByRole("button", { name: "Delete" }).click();
  await expect(row.getByRole("button", { name: "Cancel" })).toBeFocused();
  await row.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText("Deleted guest7.")).toBeVisible();
  expect(await sql`select 1 from users where email = ${added}`).toHaveLength(0);
});
