import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";

// A loopback stand-in for Supabase Storage's object API, as `@supabase/supabase-js` calls it,
// for the tests and the Netlify check (no network at test time): the service key on both
// headers; upload (`x-upsert`) and download at `/storage/v1/object/[authenticated/]<bucket>/<name>`;
// delete by prefixes; signed URLs (`/object/sign/…`) that anyone may fetch until they expire,
// with `download=<name>` answered as an attachment of that name. Objects stay in memory.

export interface StorageStandIn {
  /** The project's address, what `SUPABASE_URL` holds. */
  url: string;
  objects: Map<string, Buffer>;
  /** Every request as `METHOD path`. */
  seen: string[];
  /** Answer a missing object as older Storage versions do: 400 with `statusCode: "404"`. */
  legacyNotFound: boolean;
  close(): Promise<void>;
}

function bodyOf(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export async function startStorageStandIn(options: {
  serviceKey: string;
  bucket: string;
  port?: number;
}): Promise<StorageStandIn> {
  const { serviceKey, bucket } = options;
  const objects = new Map<string, Buffer>();
  const seen: string[] = [];
  /** Signing token to the object it opens and until when. */
  const signed = new Map<string, { name: string; until: number }>();
  const escaped = bucket.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const objectPath = new RegExp(`^/storage/v1/object/(?:authenticated/)?${escaped}/([^/]+)$`);
  const signPath = new RegExp(`^/storage/v1/object/sign/${escaped}/([^/]+)$`);
  const standIn: StorageStandIn = {
    url: "",
    objects,
    seen,
    legacyNotFound: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const json = (status: number, value: unknown) => ({ status, body: JSON.stringify(value) });
  const notFound = () =>
    standIn.legacyNotFound
      ? json(400, { statusCode: "404", error: "not_found", message: "Object not found" })
      : json(404, { statusCode: "404", error: "not_found", message: "Object not found" });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const path = decodeURIComponent(url.pathname);
    seen.push(`${req.method} ${path}`);
    const data = await bodyOf(req);
    const signedName = signPath.exec(path)?.[1];

    // A signed URL: no key, only its token, until it expires.
    if (req.method === "GET" && signedName) {
      const grant = signed.get(url.searchParams.get("token") ?? "");
      const found = objects.get(signedName);
      if (!grant || grant.name !== signedName || grant.until < Date.now() || !found) {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ statusCode: "400", error: "InvalidJWT", message: "invalid" }));
        return;
      }
      const download = url.searchParams.get("download");
      res.writeHead(200, {
        "content-type": "application/octet-stream",
        "content-length": String(found.byteLength),
        "access-control-allow-origin": "*",
        ...(download === null
          ? {}
          : { "content-disposition": `attachment; filename="${download || signedName}"` }),
      });
      res.end(found);
      return;
    }

    if (req.headers.authorization !== `Bearer ${serviceKey}` || req.headers.apikey !== serviceKey) {
      res.writeHead(403).end(JSON.stringify({ statusCode: "403", error: "Unauthorized" }));
      return;
    }
    let answer: { status: number; body: string | Buffer; type?: string };
    const object = objectPath.exec(path)?.[1];
    if (req.method === "POST" && signedName) {
      // The body supabase-js sends; a stand-in trusts its one client.
      const { expiresIn } = JSON.parse(data.toString()) as { expiresIn: number };
      if (!objects.has(signedName)) answer = notFound();
      else {
        const token = randomBytes(16).toString("hex");
        signed.set(token, { name: signedName, until: Date.now() + expiresIn * 1000 });
        answer = json(200, { signedURL: `/object/sign/${bucket}/${signedName}?token=${token}` });
      }
    } else if (req.method === "POST" && object) {
      if (req.headers["x-upsert"] !== "true" && objects.has(object)) {
        answer = json(400, { statusCode: "409", error: "Duplicate", message: "exists" });
      } else {
        objects.set(object, data);
        answer = json(200, { Key: `${bucket}/${object}` });
      }
    } else if (req.method === "GET" && object) {
      const found = objects.get(object);
      answer = found ? { status: 200, body: found, type: "application/octet-stream" } : notFound();
    } else if (req.method === "DELETE" && path === `/storage/v1/object/${bucket}`) {
      // As above: supabase-js's own body.
      const { prefixes } = JSON.parse(data.toString()) as { prefixes: string[] };
      for (const prefix of prefixes) objects.delete(prefix);
      answer = json(200, []);
    } else {
      answer = json(400, { statusCode: "400", error: `${req.method} ${path}` });
    }
    res.writeHead(answer.status, { "content-type": answer.type ?? "application/json" });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  standIn.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return standIn;
}
