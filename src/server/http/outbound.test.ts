import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKey } from "./address.ts";
import { checkedLookup, isRefused, outboundFetch } from "./outbound.ts";

// What the outside testers tried for "Check links" and the AI provider's address.
const INTERNAL = [
  "http://127.0.0.1/",
  "http://localhost/",
  "http://sub.localhost/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://127.1/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::1]/",
  "http://169.254.169.254/latest/meta-data/",
  "http://10.0.0.1/",
  "http://192.168.1.1/",
  "http://172.16.0.1/",
  "http://100.64.0.1/",
  "http://0.0.0.0/",
  "http://[fd00::1]/",
  "http://[fe80::1]/",
  "file:///etc/passwd",
];

let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/to-metadata") {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    } else if (req.url === "/to-mapped") {
      res.writeHead(301, { location: "http://[::ffff:10.0.0.1]/" }).end();
    } else if (req.url === "/to-ok") {
      res.writeHead(302, { location: "/ok" }).end();
    } else {
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    }
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  // A server listening on a TCP port has an AddressInfo.
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("outboundFetch", () => {
  it.each(INTERNAL)("refuses %s", async (url) => {
    const error = await outboundFetch(url).catch((e: unknown) => e);
    expect(isRefused(error)).toBe(true);
  });

  it("refuses loopback by default and allows it only when the policy says so", async () => {
    expect(isRefused(await outboundFetch(`${base}/ok`).catch((e: unknown) => e))).toBe(true);
    const res = await outboundFetch(`${base}/ok`, {}, { allowLoopback: true });
    expect(res.status).toBe(200);
  });

  it("checks every redirect hop, loopback allowed or not", async () => {
    const loopback = { allowLoopback: true };
    const metadata = await outboundFetch(`${base}/to-metadata`, {}, loopback).catch((e) => e);
    expect(isRefused(metadata)).toBe(true);
    const mapped = await outboundFetch(`${base}/to-mapped`, {}, loopback).catch((e) => e);
    expect(isRefused(mapped)).toBe(true);
    const followed = await outboundFetch(`${base}/to-ok`, { method: "HEAD" }, loopback);
    expect(followed.status).toBe(200);
  });
});

describe("checkedLookup", () => {
  const resolver =
    (address: string, family = 4) =>
    (
      _host: string,
      _options: unknown,
      done: (e: Error | null, a: { address: string; family: number }[]) => void,
    ) =>
      done(null, [{ address, family }]);
  const run = (address: string, all: boolean, family = 4) =>
    new Promise<{ error: Error | null; address: unknown }>((done) =>
      checkedLookup({}, resolver(address, family))("intranet.example", { all }, (error, a) =>
        done({ error, address: a }),
      ),
    );

  it("refuses a name that resolves to a private, loopback or link-local address", async () => {
    for (const address of ["10.1.2.3", "127.0.0.1", "169.254.169.254"]) {
      expect(isRefused((await run(address, false)).error)).toBe(true);
    }
    expect(isRefused((await run("fd12::1", true, 6)).error)).toBe(true);
  });

  it("hands a public address on, one or all as asked", async () => {
    expect(await run("93.184.215.14", false)).toEqual({ error: null, address: "93.184.215.14" });
    expect((await run("2606:4700::1", true, 6)).address).toEqual([
      { address: "2606:4700::1", family: 6 },
    ]);
  });
});

describe("addressKey", () => {
  it("groups IPv6 by /64 and unwraps IPv4-mapped addresses", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressKey("192.0.2.7")).toBe("192.0.2.7");
    expect(addressKey(null)).toBe("unknown");
    expect(addressKey("not an address")).toBe("not an address");
  });
});
