import { expect, it } from "vitest";
import { createBannerSchema } from "../../shared/content.ts";
import { describeContentApi, UUID } from "../content/content.test-support.ts";
import { publishDueItems } from "../site/schedule.ts";
import { nextScheduledAt, takeSnapshot } from "../site/snapshot.ts";
import { insertBanner } from "./repository.ts";

// The home page's banners in the back office: library images with a title, a link, a window and
// a switch, after the read-only banners of content/banners.json, in an order set all at once.

const banner = (image: string, overrides: Record<string, unknown> = {}) => ({
  title: { "zh-CN": "横幅", "en-US": "A banner" },
  image,
  ...overrides,
});

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

interface Listed {
  id: string;
  order: number;
}
const ids = (res: { body: { data: { items: Listed[] } } }) =>
  res.body.data.items.map((item) => item.id);

describeContentApi(
  "content API: banners",
  ({ api, created, published, libraryImage, db, reader }) => {
    it("creates, lists after the file's, edits and deletes a banner", async () => {
      const image = await libraryImage();
      const id = await created("banners", banner(image.src, { link: "/articles/" }));
      const list = await api("GET", "/api/admin/banners");
      expect(list.status).toBe(200);
      expect(list.body.data.items).toEqual([
        expect.objectContaining({
          id: "file:banner:welcome",
          order: 0,
          readOnly: true,
          file: "content/banners.json",
          image: "./photos/files/lake-morning.jpg",
          enabled: true,
        }),
        {
          id,
          title: { "zh-CN": "横幅", "en-US": "A banner" },
          subtitle: { "zh-CN": "", "en-US": "" },
          alt: { "zh-CN": "", "en-US": "" },
          image: image.src,
          link: "/articles/",
          order: 0,
          startsAt: null,
          endsAt: null,
          enabled: true,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          source: "database",
          readOnly: false,
          file: null,
        },
      ]);
      expect(published).toEqual(["banners.create"]);

      const put = await api("PUT", `/api/admin/banners/${id}`, {
        subtitle: { "zh-CN": "副标题", "en-US": "A subtitle" },
        enabled: false,
      });
      expect(put.status).toBe(200);
      expect(put.body.data).toMatchObject({ enabled: false, subtitle: { "en-US": "A subtitle" } });
      // Switched off: the site changed (it showed before).
      expect(published).toEqual(["banners.create", "banners.update"]);
      await api("PUT", `/api/admin/banners/${id}`, { link: "https://example.com/x" });
      // Off before and after: the site has nothing to change.
      expect(published).toHaveLength(2);

      const uses = await api("GET", `/api/admin/media/${image.id}`);
      expect(uses.body.data.usedBy).toEqual([{ kind: "banner", id, title: "A banner" }]);
      const refused = await api("DELETE", `/api/admin/media/${image.id}`);
      expect(refused.status).toBe(409);

      const gone = await api("DELETE", `/api/admin/banners/${id}`);
      expect(gone.body).toMatchObject({ message: "Deleted", data: { id } });
      expect((await api("DELETE", `/api/admin/banners/${id}`)).status).toBe(404);
      expect((await api("PUT", `/api/admin/banners/${UUID}`, { enabled: true })).status).toBe(404);
    });

    it("refuses bad input with the field named, and file banners and readers", async () => {
      const image = await libraryImage();
      const cases: Array<[unknown, string]> = [
        [banner("/uploads/elsewhere.jpg"), "image"],
        [banner(image.src, { link: "javascript:alert(1)" }), "link"],
        [banner(image.src, { link: "//evil.example/" }), "link"],
        [banner(image.src, { title: { "zh-CN": "", "en-US": "x" } }), "title"],
        [banner(image.src, { startsAt: inHours(2), endsAt: inHours(1) }), "endsAt"],
        [banner(image.src, { startsAt: "tomorrow" }), "startsAt"],
        [banner(image.src, { order: 3 }), "order"],
        [{ ...banner(image.src), subtitle: { "zh-CN": "x".repeat(161), "en-US": "" } }, "subtitle"],
      ];
      for (const [body, field] of cases) {
        const res = await api("POST", "/api/admin/banners", body);
        expect(res.status, field).toBe(400);
        expect(res.body.message, field).toContain(field);
      }
      const missing = await api(
        "POST",
        "/api/admin/banners",
        banner(image.src.replace(/m-[0-9a-f-]{36}/, `m-${UUID}`)),
      );
      expect(missing.status).toBe(400);
      expect(missing.body.error?.issues?.[0]).toMatchObject({
        key: "bmsPhotos.problems.imageMissing",
      });

      const id = await created("banners", banner(image.src, { startsAt: inHours(1) }));
      const window = await api("PUT", `/api/admin/banners/${id}`, { endsAt: inHours(0.5) });
      expect(window.status).toBe(400);
      expect(window.body.error?.issues?.[0]).toMatchObject({
        field: "endsAt",
        key: "bmsBanners.problems.endBeforeStart",
      });

      const file = await api("PUT", "/api/admin/banners/file:banner:welcome", { enabled: false });
      expect(file.status).toBe(409);
      expect(file.body.message).toContain("content/banners.json");
      expect((await api("DELETE", "/api/admin/banners/file:banner:welcome")).status).toBe(409);
      expect((await api("DELETE", "/api/admin/banners/file:banner:nothing")).status).toBe(404);

      for (const [method, path] of [
        ["GET", "/api/admin/banners"],
        ["POST", "/api/admin/banners"],
        ["PUT", `/api/admin/banners/${id}`],
        ["PUT", "/api/admin/banners/order"],
        ["DELETE", `/api/admin/banners/${id}`],
      ] as const) {
        const body = method === "GET" ? undefined : {};
        expect((await api(method, path, body, reader())).status, `${method} ${path}`).toBe(403);
        expect((await api(method, path, body, null)).status, `${method} ${path}`).toBe(401);
      }
    });

    it("orders every banner at once; a stale order is refused whole, parallel ones leave one order", async () => {
      const image = await libraryImage();
      const a = await created(
        "banners",
        banner(image.src, { title: { "zh-CN": "甲", "en-US": "A" } }),
      );
      const b = await created(
        "banners",
        banner(image.src, { title: { "zh-CN": "乙", "en-US": "B" } }),
      );
      const c = await created(
        "banners",
        banner(image.src, { title: { "zh-CN": "丙", "en-US": "C" } }),
      );
      expect(ids(await api("GET", "/api/admin/banners"))).toEqual(["file:banner:welcome", a, b, c]);

      const moved = await api("PUT", "/api/admin/banners/order", {
        ids: [c, a, b],
        seen: [a, b, c],
      });
      expect(moved.status).toBe(200);
      expect(ids(moved)).toEqual(["file:banner:welcome", c, a, b]);

      // An order that misses a banner or names one not there, or one moved from an order no
      // longer stored (another tab moved a banner meanwhile), is refused whole.
      const seen = [c, a, b];
      for (const [ids, from] of [
        [[c, a], seen],
        [[c, a, b, b], seen],
        [[c, a, b, UUID], seen],
        [[c, a, UUID], seen],
        [
          [a, b, c],
          [a, b, c],
        ],
        [
          [a, b, c],
          [c, a],
        ],
      ]) {
        const res = await api("PUT", "/api/admin/banners/order", { ids, seen: from });
        expect(res.status, JSON.stringify([ids, from])).toBe(409);
        expect(res.body.error?.issues?.[0]).toMatchObject({
          key: "bmsBanners.problems.orderStale",
        });
      }
      expect(ids(await api("GET", "/api/admin/banners"))).toEqual(["file:banner:welcome", c, a, b]);

      // Three tabs ordering at once from the same list: one order wins whole, the others are
      // told the list changed rather than silently undoing it.
      const orders = [
        [a, b, c],
        [b, c, a],
        [c, b, a],
      ];
      const answers = await Promise.all(
        orders.map((order) => api("PUT", "/api/admin/banners/order", { ids: order, seen })),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
      const final = ids(await api("GET", "/api/admin/banners")).slice(1);
      expect(final).toEqual(orders[answers.findIndex((res) => res.status === 200)]);

      // Banners added at once all come after the others, none lost.
      const more = await Promise.all(
        [1, 2, 3, 4].map((n) => created("banners", banner(image.src, { link: `/p/${n}` }))),
      );
      const after = ids(await api("GET", "/api/admin/banners"));
      expect(after).toHaveLength(8);
      expect(after.slice(4).sort()).toEqual([...more].sort());
    });

    it("keeps at most 100 banners in the database, saying why the next is refused", async () => {
      const image = await libraryImage();
      for (let n = 0; n < 99; n++) {
        await insertBanner(db(), {
          ...createBannerSchema.parse(banner(image.src)),
          startsAt: null,
          endsAt: null,
        });
      }
      const last = await api("POST", "/api/admin/banners", banner(image.src));
      expect(last.status).toBe(200);
      const list = await api("GET", "/api/admin/banners");
      expect(list.body.data).toMatchObject({ total: 101, page: 1, pageSize: 101 });
      const refused = await api("POST", "/api/admin/banners", banner(image.src));
      expect(refused.status).toBe(409);
      expect(refused.body.error?.issues?.[0]).toMatchObject({ key: "bmsBanners.problems.tooMany" });
    });

    it("brings live banners to the snapshot and their window's times to the schedule", async () => {
      const image = await libraryImage();
      const now = await created("banners", banner(image.src));
      const later = await created("banners", banner(image.src, { startsAt: inHours(2) }));
      await created("banners", banner(image.src, { enabled: false, startsAt: inHours(1) }));
      await created(
        "banners",
        banner(image.src, { endsAt: new Date(Date.now() - HOUR).toISOString() }),
      );
      const ending = await created("banners", banner(image.src, { endsAt: inHours(3) }));

      const snapshot = await takeSnapshot(db());
      expect(snapshot.banners.map((b) => b.id)).toEqual([now, later, ending]);
      expect(snapshot.banners[0]?.picture).toMatchObject({ width: 64, height: 48 });

      const next = await nextScheduledAt(db());
      expect(next?.toISOString()).toBe(
        (await api("GET", "/api/admin/banners")).body.data.items.find(
          (item: { id: string }) => item.id === later,
        ).startsAt,
      );

      let hooks = 0;
      const hook = async () => {
        hooks += 1;
      };
      // The first check counts from the start: the banner that ended an hour ago.
      expect(await publishDueItems(db(), hook, new Date())).toBe(1);
      expect(await publishDueItems(db(), hook, new Date(Date.now() + 60_000))).toBe(0);
      // Three and a half hours on: the later banner started and the ending one ended.
      expect(await publishDueItems(db(), hook, new Date(Date.now() + 3.5 * HOUR))).toBe(2);
      expect(hooks).toBe(2);
    });
  },
);
