import { expect, it } from "vitest";
import { feedback, feedbackReplies, feedbackStatusHistory, outbox } from "../db/schema.ts";
import { callJson } from "../test-support.ts";
import { describeAsAdmin, insertFeedbackRow } from "./users.test-support.ts";

// The feedback center: an admin reads what readers sent and moves it through its statuses.

describeAsAdmin("feedback center", (ctx) => {
  it("lists feedback by page, filtered by type and status", async () => {
    const {
      app,
      database,
      admin: { token },
    } = ctx();
    for (let i = 0; i < 7; i += 1) {
      await insertFeedbackRow(database.db, {
        feedbackType: i % 2 ? "bug" : "praise",
        status: i < 2 ? "closed" : "new",
        subject: `Item ${i}`,
        receivedAt: new Date(Date.UTC(2026, 10, 1 + i)),
      });
    }
    const page = await callJson(app, "GET", "/api/getAllFeedback?page=1&pageSize=3", { token });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(page.body.data.items.map((f: { subject: string }) => f.subject)).toEqual([
      "Item 6",
      "Item 5",
      "Item 4",
    ]);
    expect(page.body.data.items[0]).toMatchObject({
      feedbackType: "praise",
      status: "new",
      userId: null,
      screenshots: [],
    });
    const bugs = await callJson(app, "GET", "/api/getAllFeedback?type=bug", { token });
    expect(bugs.body.data.total).toBe(3);
    const closed = await callJson(app, "GET", "/api/getAllFeedback?status=closed&type=", {
      token,
    });
    expect(closed.body.data.total).toBe(2);
    const bad = await callJson(app, "GET", "/api/getAllFeedback?status=done", { token });
    expect(bad.status).toBe(400);
  });

  it("moves a status only along the allowed transitions and records each change", async () => {
    const { app, database, admin } = ctx();
    const row = await insertFeedbackRow(database.db);
    const move = (status: string, note?: string) =>
      callJson(app, "PUT", `/api/feedback/${row.id}/status`, {
        token: admin.token,
        body: note === undefined ? { status } : { status, note },
      });

    const illegal = await move("resolved");
    expect(illegal.status).toBe(409);
    expect(illegal.body.message).toBe("Cannot change the status from new to resolved");
    expect((await move("new")).status).toBe(409);

    const path: Array<[string, number]> = [
      ["in_progress", 200],
      ["new", 409],
      ["resolved", 200],
      ["in_progress", 200], // reopen
      ["resolved", 200],
      ["closed", 200],
      ["resolved", 409],
      ["in_progress", 200],
      ["closed", 200],
    ];
    for (const [status, expected] of path) {
      const res = await move(status, `to ${status}`);
      expect(res.status, status).toBe(expected);
      if (expected === 200) expect(res.body.data.status).toBe(status);
    }
    const [stored] = await database.db.select().from(feedback);
    expect(stored?.status).toBe("closed");

    const history = await callJson(app, "GET", `/api/feedback/${row.id}/history`, {
      token: admin.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.data.map((h: { from: string; to: string }) => `${h.from}>${h.to}`)).toEqual(
      [
        "new>in_progress",
        "in_progress>resolved",
        "resolved>in_progress",
        "in_progress>resolved",
        "resolved>closed",
        "closed>in_progress",
        "in_progress>closed",
      ],
    );
    expect(history.body.data[0]).toMatchObject({
      note: "to in_progress",
      changedBy: { id: admin.user.id, userName: "boss" },
    });
    expect(Number.isNaN(Date.parse(history.body.data[0].changedAt))).toBe(false);

    const unknown = await callJson(
      app,
      "PUT",
      "/api/feedback/00000000-0000-4000-8000-000000000000/status",
      { token: admin.token, body: { status: "closed" } },
    );
    expect(unknown.status).toBe(404);
    const badStatus = await move("done");
    expect(badStatus.status).toBe(400);
  });

  it("mails a reply in the writer's language and keeps it, keeps notes unsent, and never mails without an address", async () => {
    const { app, database, admin } = ctx();
    const token = admin.token;
    const chinese = await insertFeedbackRow(database.db, {
      subject: "深色模式下代码块看不清",
      description: "希望改进。",
      contact: " reader@example.com ",
    });
    const write = (id: string, body: unknown) =>
      callJson(app, "POST", `/api/feedback/${id}/replies`, { token, body });

    const reply = await write(chinese.id, { kind: "reply", body: "谢谢，已经修好了。" });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      kind: "reply",
      body: "谢谢，已经修好了。",
      locale: "zh-CN",
      sentTo: "reader@example.com",
      author: { id: admin.user.id, userName: "boss" },
    });
    const [mail] = await database.db.select().from(outbox);
    expect(mail).toMatchObject({
      to: "reader@example.com",
      subject: "回复：深色模式下代码块看不清",
    });
    expect(mail?.body).toContain("谢谢，已经修好了。");
    expect(mail?.body).toContain("站长");

    // The owner may frame it in the other language; a note is kept and sent nowhere.
    const english = await write(chinese.id, { kind: "reply", body: "Fixed.", locale: "en-US" });
    expect(english.body.data.locale).toBe("en-US");
    const note = await write(chinese.id, { kind: "note", body: "  Checked on a phone.  " });
    expect(note.body.data).toMatchObject({
      kind: "note",
      body: "Checked on a phone.",
      sentTo: null,
    });
    expect(await database.db.select().from(outbox)).toHaveLength(2);
    const thread = await callJson(app, "GET", `/api/feedback/${chinese.id}/replies`, { token });
    expect(thread.body.data.map((r: { kind: string }) => r.kind)).toEqual([
      "reply",
      "reply",
      "note",
    ]);

    // No email address: a note only.
    const phone = await insertFeedbackRow(database.db, { contact: "+86 138 0000 0000" });
    const refused = await write(phone.id, { kind: "reply", body: "Hello" });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.issues?.[0]).toMatchObject({
      key: "feedbackCenter.problems.noEmail",
    });
    expect((await write(phone.id, { kind: "note", body: "Called back." })).status).toBe(200);
    expect(await database.db.select().from(outbox)).toHaveLength(2);

    // Bad input changes nothing.
    for (const body of [
      { kind: "reply", body: "   " },
      { kind: "letter", body: "x" },
      { kind: "reply", body: "x", locale: "fr-FR" },
      { kind: "note", body: "x".repeat(5001) },
      { kind: "note", body: "x", extra: 1 },
    ]) {
      expect((await write(phone.id, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await write(unknown, { kind: "note", body: "x" })).status).toBe(404);
    expect((await callJson(app, "GET", `/api/feedback/${unknown}/replies`, { token })).status).toBe(
      404,
    );
    expect(await database.db.select().from(feedbackReplies)).toHaveLength(4);
  });

  it("deletes a record with its history, replies and notes", async () => {
    const { app, database, admin } = ctx();
    const token = admin.token;
    const row = await insertFeedbackRow(database.db, { contact: "a@example.com" });
    await callJson(app, "PUT", `/api/feedback/${row.id}/status`, {
      token,
      body: { status: "in_progress" },
    });
    await callJson(app, "POST", `/api/feedback/${row.id}/replies`, {
      token,
      body: { kind: "note", body: "Looking into it." },
    });
    const gone = await callJson(app, "DELETE", `/api/feedback/${row.id}`, { token });
    expect(gone.status).toBe(200);
    expect(await database.db.select().from(feedback)).toHaveLength(0);
    expect(await database.db.select().from(feedbackReplies)).toHaveLength(0);
    expect(await database.db.select().from(feedbackStatusHistory)).toHaveLength(0);
    expect((await callJson(app, "DELETE", `/api/feedback/${row.id}`, { token })).status).toBe(404);
  });
});
