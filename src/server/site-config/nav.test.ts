import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { isNavUrl } from "../../shared/content.ts";
import { describeContentApi, UUID } from "../content/content.test-support.ts";
import { outboundFetch } from "../http/outbound.ts";
import { takeSnapshot } from "../site/snapshot.ts";
import { checkUrl } from "./nav-check.ts";

// The site navigation in the back office: groups and links after content/site-nav.json's
// read-only ones, each group's links in their own order, checked links, and the snapshot the
// page is built from.

const group = (en: string, zh = `组${en}`) => ({ name: { "zh-CN": zh, "en-US": en } });
const link = (groupId: string, overrides: Record<string, unknown> = {}) => ({
  group: groupId,
  title: { "zh-CN": "链接", "en-US": "A link" },
  url: "https://example.com/",
  ...overrides,
});

interface Listed {
  id: string;
  links: Array<{ id: string }>;
}
const groupIds = (res: { body: { data: { items: Listed[] } } }) =>
  res.body.data.items.map((g) => g.id);
const linkIds = (res: { body: { data: { items: Listed[] } } }, id: string) =>
  res.body.data.items.find((g) => g.id === id)?.links.map((l) => l.id);

it("takes http(s) addresses and site paths only", () => {
  for (const url of ["https://a.example/x?y#z", "http://localhost:8080/", "/about", "/"]) {
    expect(isNavUrl(url), url).toBe(true);
  }
  for (const url of [
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>",
    "//evil.example/",
    "/\\evil.example",
    "https://",
    "ftp://a.example/",
    "about",
    "https://a b.example/",
    `https://a.example/${"x".repeat(2000)}`,
  ]) {
    expect(isNavUrl(url), url).toBe(false);
  }
});

describeContentApi(
  "content API: site navigation",
  ({ api, created, published, libraryImage, db, reader }) => {
    it("lists the file's groups first, then adds, edits, moves and deletes groups and links", async () => {
      const first = await api("GET", "/api/admin/nav");
      expect(first.status).toBe(200);
      expect(first.body.data.items).toEqual([
        expect.objectContaining({
          id: "file:nav:friends",
          order: 0,
          readOnly: true,
          file: "content/site-nav.json",
          name: { "zh-CN": "朋友", "en-US": "Friends" },
          // A link the rules refuse is shown with its fields blanked, never dropped silently.
          links: [
            expect.objectContaining({
              id: "file:nav:friends--mdn",
              url: "https://developer.mozilla.org/",
              icon: "",
              hidden: false,
            }),
            expect.objectContaining({ id: "file:nav:friends--broken", url: "" }),
          ],
        }),
      ]);

      const tools = await created("nav/groups", group("Tools"));
      const reading = await created("nav/groups", group("Reading"));
      const image = await libraryImage();
      const a = await created("nav/links", link(tools, { icon: image.src }));
      const b = await created(
        "nav/links",
        link(tools, {
          title: { "zh-CN": "乙", "en-US": "B" },
          description: { "zh-CN": "说明", "en-US": "About it" },
          url: "/book-doc/",
        }),
      );
      const hidden = await created("nav/links", link(reading, { hidden: true }));
      const list = await api("GET", "/api/admin/nav");
      expect(groupIds(list)).toEqual(["file:nav:friends", tools, reading]);
      expect(linkIds(list, tools)).toEqual([a, b]);
      expect(list.body.data.items[1]).toMatchObject({
        name: { "en-US": "Tools" },
        order: 0,
        source: "database",
        readOnly: false,
        links: [
          { id: a, group: tools, icon: image.src, order: 0, hidden: false },
          { id: b, order: 1, url: "/book-doc/", description: { "en-US": "About it" } },
        ],
      });
      // A hidden link's add changes nothing on the site.
      expect(published).toEqual([
        "nav.groups.create",
        "nav.groups.create",
        "nav.links.create",
        "nav.links.create",
      ]);

      // The icon is used: the media library says where and keeps it.
      const uses = await api("GET", `/api/admin/media/${image.id}`);
      expect(uses.body.data.usedBy).toEqual([{ kind: "navLink", id: a, title: "A link" }]);
      expect((await api("DELETE", `/api/admin/media/${image.id}`)).status).toBe(409);

      // Moved to another group, a link goes last there.
      const moved = await api("PUT", `/api/admin/nav/links/${a}`, { group: reading, icon: "" });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ group: reading, order: 1, icon: "" });
      const edited = await api("PUT", `/api/admin/nav/groups/${reading}`, group("Reads", "读"));
      expect(edited.body.data).toMatchObject({ name: { "zh-CN": "读", "en-US": "Reads" } });
      expect(edited.body.data.links.map((l: { id: string }) => l.id)).toEqual([hidden, a]);

      published.length = 0;
      await api("PUT", `/api/admin/nav/links/${hidden}`, {
        title: { "zh-CN": "藏", "en-US": "Kept" },
      });
      expect(published).toEqual([]);
      await api("PUT", `/api/admin/nav/links/${hidden}`, { hidden: false });
      expect(published).toEqual(["nav.links.update"]);

      expect((await api("DELETE", `/api/admin/nav/links/${b}`)).body).toMatchObject({
        message: "Deleted",
        data: { id: b },
      });
      expect((await api("DELETE", `/api/admin/nav/links/${b}`)).status).toBe(404);
      // A group goes with its links.
      expect((await api("DELETE", `/api/admin/nav/groups/${reading}`)).status).toBe(200);
      expect((await api("PUT", `/api/admin/nav/links/${a}`, { hidden: true })).status).toBe(404);
      expect(groupIds(await api("GET", "/api/admin/nav"))).toEqual(["file:nav:friends", tools]);
    });

    it("refuses bad input with the field named, file items, and everyone but an admin", async () => {
      const tools = await created("nav/groups", group("Tools"));
      const cases: Array<[unknown, string]> = [
        [link(tools, { url: "javascript:alert(1)" }), "url"],
        [link(tools, { url: "data:text/html,x" }), "url"],
        [link(tools, { url: "//evil.example/" }), "url"],
        [link(tools, { title: { "zh-CN": "", "en-US": "x" } }), "title"],
        [link(tools, { icon: "https://elsewhere.example/a.png" }), "icon"],
        [link(tools, { description: { "zh-CN": "x".repeat(161), "en-US": "" } }), "description"],
        [link("file:nav:friends"), "group"],
        [link(tools, { order: 2 }), "order"],
      ];
      for (const [body, field] of cases) {
        const res = await api("POST", "/api/admin/nav/links", body);
        expect(res.status, field).toBe(400);
        expect(res.body.message, field).toContain(field);
      }
      const noGroup = await api("POST", "/api/admin/nav/links", link(UUID));
      expect(noGroup.status).toBe(400);
      expect(noGroup.body.error?.issues?.[0]).toMatchObject({ key: "bmsNav.problems.noGroup" });
      const missing = await api(
        "POST",
        "/api/admin/nav/links",
        link(tools, { icon: `/api/media/m-${UUID}-160.webp` }),
      );
      expect(missing.status).toBe(400);
      expect(missing.body.error?.issues?.[0]).toMatchObject({ field: "icon" });
      expect((await api("POST", "/api/admin/nav/groups", { name: { "zh-CN": "x" } })).status).toBe(
        400,
      );
      expect((await api("PUT", `/api/admin/nav/groups/${tools}`, {})).status).toBe(400);

      const file = await api("PUT", "/api/admin/nav/links/file:nav:friends--mdn", { hidden: true });
      expect(file.status).toBe(409);
      expect(file.body.message).toContain("content/site-nav.json");
      expect((await api("DELETE", "/api/admin/nav/groups/file:nav:friends")).status).toBe(409);
      expect((await api("DELETE", "/api/admin/nav/groups/file:nav:nothing")).status).toBe(404);

      for (const [method, path] of [
        ["GET", "/api/admin/nav"],
        ["POST", "/api/admin/nav/groups"],
        ["PUT", `/api/admin/nav/groups/${tools}`],
        ["DELETE", `/api/admin/nav/groups/${tools}`],
        ["PUT", "/api/admin/nav/groups/order"],
        ["PUT", `/api/admin/nav/groups/${tools}/links/order`],
        ["POST", "/api/admin/nav/links"],
        ["POST", "/api/admin/nav/check"],
      ] as const) {
        const body = method === "GET" ? undefined : {};
        expect((await api(method, path, body, reader())).status, `${method} ${path}`).toBe(403);
        expect((await api(method, path, body, null)).status, `${method} ${path}`).toBe(401);
      }
    });

    it("orders groups and a group's links at once; stale and parallel orders leave one order", async () => {
      const g = [];
      for (const name of ["A", "B", "C"]) g.push(await created("nav/groups", group(name)));
      const [a, b, c] = g as [string, string, string];
      const moved = await api("PUT", "/api/admin/nav/groups/order", {
        ids: [c, a, b],
        seen: [a, b, c],
      });
      expect(moved.status).toBe(200);
      expect(groupIds(moved)).toEqual(["file:nav:friends", c, a, b]);
      const stale = await api("PUT", "/api/admin/nav/groups/order", {
        ids: [a, b, c],
        seen: [a, b, c],
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error?.issues?.[0]).toMatchObject({ key: "bmsNav.problems.orderStale" });

      const links = [];
      for (const n of [1, 2, 3])
        links.push(await created("nav/links", link(a, { url: `/p/${n}` })));
      const [x, y, z] = links as [string, string, string];
      // Another group's link, or a link of this group left out, is refused whole.
      const other = await created("nav/links", link(b));
      for (const ids of [
        [z, y, x, other],
        [z, y],
      ]) {
        const res = await api("PUT", `/api/admin/nav/groups/${a}/links/order`, {
          ids,
          seen: [x, y, z],
        });
        expect(res.status, JSON.stringify(ids)).toBe(409);
      }
      const orders = [
        [z, y, x],
        [y, z, x],
        [x, z, y],
      ];
      const answers = await Promise.all(
        orders.map((ids) =>
          api("PUT", `/api/admin/nav/groups/${a}/links/order`, { ids, seen: [x, y, z] }),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
      const winner = orders[answers.findIndex((res) => res.status === 200)];
      expect(linkIds(await api("GET", "/api/admin/nav"), a)).toEqual(winner);
      expect(
        (await api("PUT", `/api/admin/nav/groups/${UUID}/links/order`, { ids: [], seen: [] }))
          .status,
      ).toBe(404);

      // Links added at once to one group all come after the others, none lost.
      const more = await Promise.all(
        [4, 5, 6, 7].map((n) => created("nav/links", link(a, { url: `/p/${n}` }))),
      );
      const after = linkIds(await api("GET", "/api/admin/nav"), a) ?? [];
      expect(after).toHaveLength(7);
      expect(after.slice(3).sort()).toEqual([...more].sort());
    });

    it("brings groups and their shown links to the snapshot, in order", async () => {
      const a = await created("nav/groups", group("A"));
      const b = await created("nav/groups", group("B"));
      const shown = await created("nav/links", link(b, { url: "/x" }));
      await created("nav/links", link(b, { url: "/y", hidden: true }));
      await api("PUT", "/api/admin/nav/groups/order", { ids: [b, a], seen: [a, b] });
      const snapshot = await takeSnapshot(db());
      expect(snapshot.navigation).toEqual([
        {
          id: b,
          name: { "zh-CN": "组B", "en-US": "B" },
          order: 0,
          links: [
            {
              id: shown,
              title: { "zh-CN": "链接", "en-US": "A link" },
              description: { "zh-CN": "", "en-US": "" },
              url: "/x",
              icon: "",
              hidden: false,
            },
          ],
        },
        { id: a, name: { "zh-CN": "组A", "en-US": "A" }, order: 1, links: [] },
      ]);
    });

    it("checks links against a stand-in server: ok, broken, unreachable and timeout, never hanging", async () => {
      const tools = await created("nav/groups", group("Tools"));
      const base = `http://127.0.0.1:${port}`;
      const okId = await created("nav/links", link(tools, { url: `${base}/ok` }));
      const headless = await created("nav/links", link(tools, { url: `${base}/no-head` }));
      const gone = await created("nav/links", link(tools, { url: `${base}/gone` }));
      const nowhere = await created("nav/links", link(tools, { url: "http://127.0.0.1:9/" }));
      const res = await api("POST", "/api/admin/nav/check", {
        ids: [okId, headless, gone, nowhere],
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { id: okId, url: `${base}/ok`, outcome: "ok", status: 200, ms: expect.any(Number) },
        {
          id: headless,
          url: `${base}/no-head`,
          outcome: "ok",
          status: 200,
          ms: expect.any(Number),
        },
        { id: gone, url: `${base}/gone`, outcome: "broken", status: 404, ms: expect.any(Number) },
        {
          id: nowhere,
          url: "http://127.0.0.1:9/",
          outcome: "unreachable",
          status: null,
          ms: expect.any(Number),
        },
      ]);
      const bad = await api("POST", "/api/admin/nav/check", { ids: ["javascript:x"] });
      expect(bad.status).toBe(400);
    });

    it("refuses internal addresses, a redirect to one too, and asks the site for its own paths", async () => {
      const tools = await created("nav/groups", group("Inside"));
      const base = `http://127.0.0.1:${port}`;
      const metadata = "http://169.254.169.254/latest/meta-data/";
      const internal = await created("nav/links", link(tools, { url: metadata }));
      const redirect = await created("nav/links", link(tools, { url: `${base}/to-internal` }));
      const own = await created("nav/links", link(tools, { url: "/about" }));
      const res = await api("POST", "/api/admin/nav/check", { ids: [internal, redirect, own] });
      expect(res.body.data.map((r: { outcome: string }) => r.outcome)).toEqual([
        "refused",
        "refused",
        "ok",
      ]);
      expect(siteAsked).toContain("/about");
    });
  },
  {
    app: {
      // The stand-in below listens on loopback; internal ranges stay refused.
      outbound: {
        policy: { allowLoopback: true },
        site: async (request) => {
          siteAsked.push(new URL(request.url).pathname);
          return new Response(null, { status: 200 });
        },
      },
    },
  },
);

const siteAsked: string[] = [];

// A stand-in for the sites links lead to: one answers, one refuses HEAD, one is gone, one never
// answers (for the timeout).
let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/hang") return;
    if (req.url === "/to-internal") {
      res.writeHead(302, { location: "http://10.0.0.1/admin" }).end();
      return;
    }
    if (req.url === "/no-head" && req.method === "HEAD") {
      res.writeHead(405).end();
      return;
    }
    res.writeHead(req.url === "/gone" ? 404 : 200, { "content-type": "text/plain" }).end("hi");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  // A server listening on a port (not a pipe) has an address with one.
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

it("reports a link that never answers as a timeout within its limit", async () => {
  const started = Date.now();
  const loopback: Parameters<typeof checkUrl>[3] = (url, init) =>
    outboundFetch(url, init, { allowLoopback: true });
  const result = await checkUrl(
    `http://127.0.0.1:${port}/hang`,
    300,
    new AbortController().signal,
    loopback,
  );
  expect(result).toMatchObject({ outcome: "timeout", status: null });
  expect(Date.now() - started).toBeLessThan(3000);
  // The whole check's deadline stops a link too.
  const deadline = AbortSignal.timeout(100);
  expect(
    (await checkUrl(`http://127.0.0.1:${port}/hang`, 10_000, deadline, loopback)).outcome,
  ).toBe("timeout");
});
