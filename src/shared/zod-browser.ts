import { z } from "zod";

// In a browser, zod without its JIT. The back office runs under the site's
// Content-Security-Policy, which allows no eval, and zod probes for eval with `new Function`
// whenever an object schema is built: the browser reports the probe as a policy violation
// (tests/e2e/csp.spec.ts counts them). Every shared module that builds schemas imports this
// first, so the setting is made before any of their schemas, whatever order the bundler puts
// their chunks in. On the server (no document) the JIT stays: it parses faster.
if (typeof document !== "undefined") z.config({ jitless: true });
