import { expect, test } from "@playwright/test";
import { mockEncryptionKey, prefer, readerInfo } from "./support.ts";

test("log in: the spec's messages for empty and invalid input, in English", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/register-login");
  const form = page.getByRole("tabpanel");
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(form.getByText("Please enter your email address")).toBeVisible();
  await expect(form.getByText("Please enter your password")).toBeVisible();
  await form.getByRole("textbox", { name: "Email" }).fill("reader@");
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  // Corrected, a field's problem goes at once; the other field's stays until it is edited.
  await form.getByRole("textbox", { name: "Email" }).fill("reader@example.com");
  await expect(form.getByText("Please enter a valid email address")).toHaveCount(0);
  await expect(form.getByText("Please enter your password")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Email" })).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );
});

test("log in failure shows the spec's message", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await mockEncryptionKey(page);
  await page.route("**/api/login", (route) =>
    route.fulfill({
      status: 401,
      json: {
        code: 401,
        message: "Login failed, please check your account email or password",
        data: null,
      },
    }),
  );
  await page.goto("/register-login");
  await page.getByRole("textbox", { name: "Email" }).fill("reader@example.com");
  await page.getByLabel("Password").fill("ink2ink!");
  await page.getByRole("tabpanel").getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Login failed, please check your account email or password",
  );
});

test("a locked login shows the server's wait, and the way back when the account itself is locked", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US" });
  await mockEncryptionKey(page);
  let accountLocked = false;
  await page.route("**/api/login", (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": "120" },
      json: {
        code: 429,
        message: "Too many failed attempts",
        data: { retryAfterSeconds: 120, accountLocked },
        error: {
          kind: "too_many_requests",
          retryAfterSeconds: 120,
          ...(accountLocked
            ? { issues: [{ field: "email", message: "locked", key: "auth.accountLocked" }] }
            : {}),
        },
      },
    }),
  );
  await page.goto("/register-login");
  await page.getByRole("textbox", { name: "Email" }).fill("reader@example.com");
  await page.getByLabel("Password").fill("ink2ink!");
  const logIn = page.getByRole("tabpanel").getByRole("button", { name: "Log in" });
  await logIn.click();
  await expect(page.getByRole("alert")).toHaveText(
    "Too many attempts. Please wait 120 s and try again.",
  );
  accountLocked = true;
  await logIn.click();
  await expect(page.getByRole("alert")).toContainText("reset your password with an email code");
});

test("register: every rule of SPEC.md section 5, in Chinese", async ({ page }) => {
  await prefer(page, { locale: "zh-CN" });
  await page.goto("/register-login?view=register");
  await expect(page.getByRole("tab", { name: "注册" })).toHaveAttribute("aria-selected", "true");
  const form = page.getByRole("tabpanel");
  await form.getByRole("textbox", { name: "用户名" }).fill("a");
  await form.getByLabel("密码", { exact: true }).fill("abc123");
  await form.getByLabel("确认密码").fill("abc124");
  await form.getByRole("textbox", { name: "验证码" }).fill("12");
  await form.getByRole("button", { name: "注册" }).click();
  await expect(form.getByText("请输入邮箱地址")).toBeVisible();
  await expect(form.getByText("请输入 6 位数字验证码")).toBeVisible();
  await expect(form.getByText("用户名须为 2-10 位字母或数字")).toBeVisible();
  await expect(form.getByText("密码须为 6-16 位，并同时包含字母、数字和符号")).toBeVisible();
  await expect(form.getByText("两次输入的密码不一致")).toBeVisible();
  await expect(form.getByRole("alert")).toHaveText("请检查输入是否正确");
});

test("the code button counts down before it can send again", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.route("**/api/getEmailCode", (route) =>
    route.fulfill({ json: { code: 200, message: "OK", data: { resendAfterSeconds: 60 } } }),
  );
  await page.goto("/register-login?view=register");
  const form = page.getByRole("tabpanel");
  await form.getByRole("textbox", { name: "Email" }).fill("new@example.com");
  await form.getByRole("button", { name: "Send code" }).click();
  await expect(form.getByRole("button", { name: /Resend in (60|59) s/ })).toBeDisabled();
  await expect(form.getByRole("status")).toHaveText(/a code is on its way/);
});

test("reset: four steps, from the address to the finish", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await mockEncryptionKey(page);
  await page.route("**/api/getResetEmailCode", (route) =>
    route.fulfill({ json: { code: 200, message: "OK", data: { resendAfterSeconds: 60 } } }),
  );
  await page.route("**/api/verifyEmailCode", (route) =>
    route.fulfill({ json: { code: 200, message: "OK", data: { resetToken: "r".repeat(43) } } }),
  );
  await page.route("**/api/resetPassword", (route) =>
    route.fulfill({ json: { code: 200, message: "OK", data: null } }),
  );
  await page.goto("/register-login");
  await page.getByRole("tab", { name: "Forgot password" }).click();
  const steps = page.getByRole("list", { name: "Password reset steps" });
  await expect(steps.getByRole("listitem").nth(0)).toHaveAttribute("aria-current", "step");
  await page.getByRole("textbox", { name: "Email" }).fill("reader@example.com");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(steps.getByRole("listitem").nth(1)).toHaveAttribute("aria-current", "step");
  await page.getByRole("textbox", { name: "Verification code" }).fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(steps.getByRole("listitem").nth(2)).toHaveAttribute("aria-current", "step");
  await page.getByLabel("New password").fill("ink2ink!");
  await page.getByLabel("Confirm password").fill("ink2ink!");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(steps.getByRole("listitem").nth(3)).toHaveAttribute("aria-current", "step");
  await expect(page.getByText("Your password has been reset.")).toBeVisible();
  await page.getByRole("button", { name: "Back to log in" }).click();
  await expect(page.getByRole("tab", { name: "Log in" })).toHaveAttribute("aria-selected", "true");
});

test("personal settings: validation, apply updates the stored user, cancel restores", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US", user: readerInfo });
  let sent: unknown = null;
  await page.route("**/api/updateProfile", async (route) => {
    sent = route.request().postDataJSON();
    await route.fulfill({
      json: {
        code: 200,
        message: "OK",
        data: { ...readerInfo.user, userName: "ink42", sex: "female", desc: "Hi" },
      },
    });
  });
  await page.goto("/register-login?view=settings");
  const form = page.getByRole("form", { name: "Personal settings" });
  // One heading names the page and its form, not a second one inside it.
  await expect(form.getByRole("textbox", { name: "Username" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Personal settings" })).toHaveCount(1);
  await form.getByRole("textbox", { name: "Username" }).fill("");
  await form.getByRole("textbox", { name: "Email" }).fill("nope");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(form.getByText("Username cannot be empty")).toBeVisible();
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue("reader@example.com");
  await form.getByRole("textbox", { name: "Username" }).fill("ink42");
  await form.getByRole("radio", { name: "Female" }).check();
  await form.getByRole("textbox", { name: "Introduction" }).fill("Hi");
  await form.getByLabel("Birthday").fill("1990-05-04");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form.getByRole("status")).toHaveText("Your settings are saved");
  // The email is never sent here: a new one goes through its own confirmation.
  expect(sent).toEqual({
    userName: "ink42",
    desc: "Hi",
    sex: "female",
    birthday: "1990-05-04",
  });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("user-info") ?? "null"));
  expect(stored.user.userName).toBe("ink42");
  expect(stored.token).toBe(readerInfo.token);
  await expect(page.getByRole("button", { name: "Account menu for ink42" })).toBeVisible();
});

test("change password asks for the current one and checks the new", async ({ page }) => {
  await prefer(page, { locale: "en-US", user: readerInfo });
  await page.goto("/register-login?view=password");
  const form = page.getByRole("form", { name: "Change password" });
  await expect(form.getByLabel("Current password")).toBeFocused();
  await expect(page.getByRole("heading", { name: "Change password" })).toHaveCount(1);
  await form.getByLabel("New password").fill("short");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form.getByText("Please enter your password")).toBeVisible();
  await expect(
    form.getByText("Password must be 6-16 characters combining letters, digits and symbols"),
  ).toBeVisible();
});
