import { expect, type Page, test } from "@playwright/test";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, bearer, sql } from "./live-admin.ts";
import { needs, picture, shoot, sideways } from "./support.ts";

// The AI chat's provider form in /bms/userSet on the PostgreSQL server (which keeps a secret of
// its own in its data folder, so it can store a key): saved, the key never shown again (not in
// the page, not in a field, not in the API's answer), removed; a wrong address refused on its
// field; and the form in both languages and themes at a phone's and a desktop's width.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const KEY = "sk-e2e-never-shown-9876";

/** Puts the provider's settings as `body` says through the API (no key: none stored). */
async function putAi(page: Page, token: Parameters<typeof bearer>[0], body: object) {
  const res = await page.request.put("/api/admin/ai", {
    headers: bearer(token),
    data: { baseUrl: "", model: "", embeddingModel: "", apiKey: "", ...body },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test("the provider is saved, its key never shown again, then removed; a wrong address is refused", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await asAdmin(page);
  await putAi(page, admin, {});
  await page.goto("/bms/userSet");
  const form = page.getByRole("region", { name: "AI chat" });
  await expect(form.getByText("No model is configured")).toBeVisible();
  await expect(form.getByText("No key stored.")).toBeVisible();
  const address = form.getByRole("textbox", { name: "Provider address (base URL)" });
  const model = form.getByRole("textbox", { name: "Model", exact: true });
  // A password field has no textbox role: it is found by its label.
  const key = form.getByLabel("New key");
  const save = form.getByRole("button", { name: "Save AI settings" });

  // A wrong address: refused on its field, in words, and focused.
  await address.fill("ftp://example.com/v1");
  await save.click();
  await expect(
    form.getByText("Enter an http:// or https:// address, or leave it empty."),
  ).toBeVisible();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toBeFocused();

  await address.fill("http://127.0.0.1:11434/v1");
  await model.fill("qwen2.5:7b");
  await key.fill(KEY);
  await save.click();
  await expect(form.getByRole("status").filter({ hasText: "AI settings saved." })).toBeVisible();
  await expect(form.getByText("A key ending in …9876 is stored.")).toBeVisible();
  await expect(
    form.getByText("The chat answers with the model qwen2.5:7b at http://127.0.0.1:11434/v1."),
  ).toBeVisible();
  await expect(key).toHaveValue("");
  const [row] = await sql<
    { api_key_sealed: string | null; key_hint: string }[]
  >`select api_key_sealed, key_hint from ai_settings where id = 'ai'`;
  expect(row?.key_hint).toBe("9876");
  expect(row?.api_key_sealed).toBeTruthy();
  expect(row?.api_key_sealed).not.toContain(KEY);

  // Read again: the key is in no answer, no markup and no field.
  const answer = await page.request.get("/api/admin/ai", { headers: bearer(admin) });
  const text = await answer.text();
  expect(text).not.toContain(KEY);
  expect(JSON.parse(text).data).toMatchObject({ hasKey: true, keyHint: "9876", configured: true });
  await page.reload();
  await expect(form.getByText("A key ending in …9876 is stored.")).toBeVisible();
  await expect(address).toHaveValue("http://127.0.0.1:11434/v1");
  expect(await page.content()).not.toContain(KEY);
  const values = await page
    .locator("input, textarea")
    .evaluateAll((fields) =>
      fields.map((field) =>
        field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement
          ? field.value
          : "",
      ),
    );
  expect(values.filter((value) => value.includes("9876"))).toEqual([]);

  // Removed: the key field is closed while removing, and nothing is stored after.
  await form.getByRole("checkbox", { name: "Remove the stored key when saving" }).check();
  await expect(key).toBeDisabled();
  await save.click();
  await expect(form.getByText("No key stored.")).toBeVisible();
  await expect(
    form.getByRole("checkbox", { name: "Remove the stored key when saving" }),
  ).toHaveCount(0);
  await expect(key).toBeEnabled();
  const [after] = await sql<
    { api_key_sealed: string | null }[]
  >`select api_key_sealed from ai_settings where id = 'ai'`;
  expect(after?.api_key_sealed).toBeNull();
  // The address and model stay: the chat still has a model.
  await expect(form.getByText("The chat answers with the model qwen2.5:7b")).toBeVisible();
  await putAi(page, admin, {});
});

lookTests("the AI form: axe finds nothing", async (page, look, testInfo) => {
  const { locale } = look;
  const admin = await asAdmin(page);
  await putAi(page, admin, {
    baseUrl: "https://api.deepseek.com/v1",
    model: "deepseek-chat",
    apiKey: KEY,
  });
  await page.goto("/bms/userSet");
  const heading = locale === "zh-CN" ? "AI 问答" : "AI chat";
  const form = page.getByRole("region", { name: heading });
  await expect(form.getByText(locale === "zh-CN" ? "…9876" : "…9876 is stored")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A field's problem, as it shows.
  await form
    .getByRole("textbox", {
      name: locale === "zh-CN" ? "服务商地址（Base URL）" : "Provider address (base URL)",
    })
    .fill("not an address");
  await form
    .getByRole("button", { name: locale === "zh-CN" ? "保存 AI 设置" : "Save AI settings" })
    .click();
  await expect(form.locator(".field-error")).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);

  const name = `bms-ai-${look.tag}`;
  await shoot(page, testInfo, name, 1);
  // The form alone, cut from the whole page (at the top, where nothing fixed covers it).
  await page.evaluate(() => window.scrollTo(0, 0));
  await picture(form, testInfo, `${name}-form`);
  await putAi(page, admin, {});
});
