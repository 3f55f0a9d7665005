import { afterEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../../../i18n/core.ts";
import { api } from "../../../../shared/api-client.ts";
import { STORAGE_KEYS } from "../../../../shared/storage-keys.ts";
import { storedUser } from "../../../../shared/user-info.test-support.ts";
import { failureText } from "../form.tsx";
import { CallFailure } from "../query.ts";
import { type UploadXhr, uploadImage, uploadPath } from "./upload.ts";

// The one upload made with XMLHttpRequest, against a fake one: the typed client's path and
// session, the progress it tells, and its answers settled as every other call's.

/** A progress event as the browser gives one (Node has no ProgressEvent). */
class FakeProgress extends Event {
  readonly loaded: number;
  readonly total: number;
  readonly lengthComputable: boolean;
  constructor(type: string, loaded = 0, total = 0) {
    super(type);
    this.loaded = loaded;
    this.total = total;
    this.lengthComputable = total > 0;
  }
}

/** An XMLHttpRequest that records what it is asked and answers what a test says. */
class FakeXhr implements UploadXhr {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  onload: ((event: ProgressEvent) => void) | null = null;
  onerror: ((event: ProgressEvent) => void) | null = null;
  onabort: ((event: ProgressEvent) => void) | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };

  open(method: "POST", url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new FakeProgress("progress", loaded, total));
  }
  answer(status: number, body: unknown, statusText = "") {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.(new FakeProgress("load"));
  }
}

const RECORD = { id: "0b6c1f2e-8a3d-4c5b-9e7f-1a2b3c4d5e6f", name: "lake.jpg" };
const file = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "lake.jpg");

function start(options: { token?: string | null; progress?: Array<[number, number]> } = {}) {
  const xhr = new FakeXhr();
  const upload = uploadImage(file(), {
    createXhr: () => xhr,
    ...(options.token === undefined ? {} : { getToken: () => options.token ?? null }),
    ...(options.progress
      ? { onProgress: (sent: number, total: number) => options.progress?.push([sent, total]) }
      : {}),
  });
  return { xhr, upload };
}

const failureOf = (upload: Promise<unknown>) =>
  upload.then(
    () => {
      throw new Error("the upload was expected to fail");
    },
    (error: unknown) => error,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("uploading an image", () => {
  it("posts the file to the typed client's path with its session, and tells its progress", async () => {
    const progress: Array<[number, number]> = [];
    const { xhr, upload } = start({ token: "t0k3n", progress });
    expect(uploadPath()).toBe(api.admin.media.$path());
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/admin/media");
    expect(xhr.headers).toEqual({ accept: "application/json", authorization: "Bearer t0k3n" });
    const sent = xhr.body?.get("file");
    expect(sent).toBeInstanceOf(File);
    expect(sent instanceof File && sent.name).toBe("lake.jpg");
    // No content type of its own: the browser writes the form's boundary.
    expect(xhr.headers).not.toHaveProperty("content-type");
    xhr.progress(40, 100);
    xhr.upload.onprogress?.(new FakeProgress("progress"));
    xhr.progress(100, 100);
    expect(progress).toEqual([
      [40, 100],
      [100, 100],
    ]);
    xhr.answer(200, { code: 200, message: "Uploaded", data: RECORD });
    await expect(upload).resolves.toEqual(RECORD);
  });

  it("sends the stored session, as the typed client does, and none when there is none", async () => {
    vi.stubGlobal("localStorage", {
      getItem: (key: string) =>
        key === STORAGE_KEYS.userInfo
          ? JSON.stringify({ token: "stored", user: storedUser({ role: "admin" }) })
          : null,
    });
    const signedIn = start();
    expect(signedIn.xhr.headers.authorization).toBe("Bearer stored");
    const anonymous = start({ token: null });
    expect(anonymous.xhr.headers).not.toHaveProperty("authorization");
    signedIn.xhr.answer(200, { code: 200, message: "Uploaded", data: RECORD });
    anonymous.xhr.answer(401, { code: 401, message: "Log in first", data: null });
    await expect(signedIn.upload).resolves.toEqual(RECORD);
    await expect(failureOf(anonymous.upload)).resolves.toMatchObject({ code: 401 });
  });

  it("throws a refusal as a CallFailure with its reason's key, worded in the interface's language", async () => {
    const { xhr, upload } = start({ token: "t" });
    const issue = { field: "file", message: "not an image", key: "media.problems.type" };
    xhr.answer(400, {
      code: 400,
      message: "The file is not a JPEG, PNG, WebP, AVIF or GIF image",
      data: { issues: [issue] },
      error: { kind: "validation", issues: [issue] },
    });
    const failure = await failureOf(upload);
    expect(failure).toBeInstanceOf(CallFailure);
    expect(failure).toMatchObject({ code: 400, issues: [issue] });
    expect(failureText(translator("en-US"), failure)).toBe(
      "The file is not a JPEG, PNG, WebP, AVIF or GIF image.",
    );
    expect(failureText(translator("zh-CN"), failure)).toBe(
      "文件不是 JPEG、PNG、WebP、AVIF 或 GIF 图片。",
    );
  });

  it("settles an answer that is no envelope, and a lost connection, as other calls do", async () => {
    const tooLarge = start({ token: "t" });
    tooLarge.xhr.answer(413, "<html>Request Entity Too Large</html>", "Payload Too Large");
    await expect(failureOf(tooLarge.upload)).resolves.toMatchObject({
      code: 413,
      message: "Payload Too Large",
      issues: [],
    });
    const odd = start({ token: "t" });
    odd.xhr.answer(200, "not json");
    await expect(failureOf(odd.upload)).resolves.toMatchObject({ code: 200 });
    const offline = start({ token: "t" });
    offline.xhr.onerror?.(new FakeProgress("error"));
    const lost = await failureOf(offline.upload);
    expect(lost).toBeInstanceOf(CallFailure);
    expect(lost).toMatchObject({ code: 0, message: "Network error" });
  });
});
