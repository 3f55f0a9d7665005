import { expect, type Locator, type Page, test } from "@playwright/test";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

async function useLocale(page: Page, locale: "zh-CN" | "en-US") {
  await page.addInitScript((l) => localStorage.setItem("app-locale", l), locale);
}

async function openFeedback(page: Page) {
  const trigger = page.getByRole("button", { name: "Feedback" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Send feedback" });
  await expect(dialog).toBeVisible();
  return { trigger, dialog };
}

/** Types into the dialog's fields as a person does, choosing the type first when given. */
async function fillIn(
  dialog: Locator,
  fields: { type?: string; subject: string; details: string; contact?: string },
) {
  if (fields.type) await dialog.getByRole("radio", { name: fields.type }).check();
  await dialog.getByRole("textbox", { name: /Subject/ }).fill(fields.subject);
  await dialog.getByRole("textbox", { name: /Details/ }).fill(fields.details);
  if (fields.contact !== undefined) {
    await dialog.getByRole("textbox", { name: /Contact/ }).fill(fields.contact);
  }
}

test.beforeEach(async ({ page }) => {
  await useLocale(page, "en-US");
});

test("the trigger sits 100 px from the bottom and the right", async ({ page }) => {
  await page.goto("/");
  const box = await page.getByRole("button", { name: "Feedback" }).boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (!box || !viewport) return;
  expect(Math.round(viewport.width - (box.x + box.width))).toBe(100);
  expect(Math.round(viewport.height - (box.y + box.height))).toBe(100);
});

test("opening hides the trigger, focuses the subject and defaults the type to bug", async ({
  page,
}) => {
  await page.goto("/");
  const { trigger, dialog } = await openFeedback(page);
  await expect(trigger).toBeHidden();
  await expect(dialog.getByRole("textbox", { name: /Subject/ })).toBeFocused();
  await expect(dialog.getByRole("radio", { name: "Problem report" })).toBeChecked();
  for (const name of ["Feature suggestion", "Praise", "Other"]) {
    await expect(dialog.getByRole("radio", { name })).not.toBeChecked();
  }
  await expect(dialog.getByRole("textbox", { name: /Details/ })).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: /Contact/ })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
});

test("subject and description are required and nothing is sent without them", async ({ page }) => {
  let requests = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/createFeedback")) requests++;
  });
  await page.goto("/");
  const { dialog } = await openFeedback(page);
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByText("Please enter a subject")).toBeVisible();
  await expect(dialog.getByText("Please describe the problem or idea")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: /Subject/ })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(dialog.getByRole("textbox", { name: /Subject/ })).toBeFocused();
  await fillIn(dialog, { subject: "Title", details: "Body", contact: "not a contact" });
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(
    dialog.getByText("Please enter a valid email address or phone number"),
  ).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: /Contact/ })).toBeFocused();
  expect(requests).toBe(0);
});

test("the screenshot button announces that uploads are not open yet", async ({ page }) => {
  await page.goto("/");
  const { dialog } = await openFeedback(page);
  await expect(
    dialog.getByRole("group", { name: "Screenshots (optional, up to 3)" }),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Add screenshot" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Screenshot upload is not open yet.");
});

/** A feedback typed but never sent. */
const DRAFT = {
  type: "Praise",
  subject: "Draft subject",
  details: "Draft description",
  contact: "me@example.com",
};

for (const how of ["Escape", "close button", "Cancel"] as const) {
  test(`closing with ${how} clears the fields and returns focus to the trigger`, async ({
    page,
  }) => {
    await page.goto("/");
    const { trigger, dialog } = await openFeedback(page);
    await fillIn(dialog, DRAFT);
    if (how === "Escape") await page.keyboard.press("Escape");
    else if (how === "close button") await dialog.getByRole("button", { name: "Close" }).click();
    else await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeVisible();
    await expect(trigger).toBeFocused();
    await trigger.click();
    await expect(dialog.getByRole("textbox", { name: /Subject/ })).toHaveValue("");
    await expect(dialog.getByRole("textbox", { name: /Details/ })).toHaveValue("");
    await expect(dialog.getByRole("textbox", { name: /Contact/ })).toHaveValue("");
  });
}

test("focus stays inside the open dialog", async ({ page }) => {
  await page.goto("/");
  const { dialog } = await openFeedback(page);
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `tab ${i}`).toBe(true);
  }
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `shift-tab ${i}`).toBe(
      true,
    );
  }
});

test("a submission is sent with its environment, acknowledged, and thanked for 3 seconds", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/");
  const { trigger, dialog } = await openFeedback(page);
  // The subject with spaces around it, which the widget trims.
  const suggestion = {
    type: "Feature suggestion",
    subject: "  RSS for notes ",
    details: "Please add a feed for the notes.",
    contact: "+86 138 0013 8000",
  };
  await fillIn(dialog, suggestion);

  // Hold the answer back so the submitting label can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/createFeedback", async (route) => {
    await held;
    await route.continue();
  });
  // Stop the page's clock from running on its own: the notice's 3 s are counted by runFor only.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const requestPromise = page.waitForRequest("**/api/createFeedback");
  const responsePromise = page.waitForResponse("**/api/createFeedback");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByRole("button", { name: "Submitting…" })).toBeDisabled();
  const body = (await requestPromise).postDataJSON();
  expect(body).toMatchObject({
    feedbackType: "suggestion",
    subject: suggestion.subject.trim(),
    description: suggestion.details,
    screenshots: [],
    contact: suggestion.contact,
    environment: { url: `${new URL(page.url()).origin}/`, viewport: "1280×800" },
  });
  expect(body.environment.userAgent).toBe(await page.evaluate(() => navigator.userAgent));
  expect(body.environment.timestamp).toMatch(ISO);
  release();
  const answer = await (await responsePromise).json();
  expect(answer).toMatchObject({ code: 200, data: { status: "new" } });

  await expect(dialog).toBeHidden();
  const notice = page.getByRole("status");
  await expect(notice).toHaveText("Thank you! Your feedback has been sent.");
  await expect(trigger).toBeFocused();
  await page.clock.runFor(2900);
  await expect(notice).toHaveText("Thank you! Your feedback has been sent.");
  await page.clock.runFor(200);
  await expect(notice).toHaveText("");
});

test("a failed submission keeps the dialog open with its text and an alert", async ({ page }) => {
  await page.route("**/api/createFeedback", (route) =>
    route.fulfill({
      status: 500,
      json: { code: 500, message: "Internal server error", data: null },
    }),
  );
  await page.goto("/");
  const { dialog } = await openFeedback(page);
  await fillIn(dialog, { subject: "Broken link", details: "The about link is broken." });
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Submission failed, please try again later");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: /Subject/ })).toHaveValue("Broken link");
  await expect(dialog.getByRole("button", { name: "Submit" })).toBeEnabled();
});

test("an answer whose inner code is not 200 also counts as a failure", async ({ page }) => {
  await page.route("**/api/createFeedback", (route) =>
    route.fulfill({ status: 200, json: { code: 4000, message: "Rejected", data: null } }),
  );
  await page.goto("/");
  const { dialog } = await openFeedback(page);
  await fillIn(dialog, { subject: "s", details: "d" });
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Submission failed, please try again later");
});

test.describe("in Chinese", () => {
  test.beforeEach(async ({ page }) => {
    await useLocale(page, "zh-CN");
  });

  test("the dialog speaks Chinese and the failure alert is the spec's", async ({ page }) => {
    await page.route("**/api/createFeedback", (route) => route.abort());
    await page.goto("/");
    await page.getByRole("button", { name: "反馈" }).click();
    const dialog = page.getByRole("dialog", { name: "意见反馈" });
    await expect(dialog.getByRole("radio", { name: "问题反馈" })).toBeChecked();
    await dialog.getByRole("textbox", { name: /主题/ }).fill("页面错位");
    await dialog.getByRole("textbox", { name: /详细描述/ }).fill("手机上标题被遮住了。");
    await dialog.getByRole("button", { name: "提交" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("提交失败，请稍后重试");
  });
});
