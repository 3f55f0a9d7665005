import { z } from "zod";

// The back office runs under the site's Content-Security-Policy, which allows no eval. Zod's
// JIT probes for eval with `new Function` whenever an object schema is built, and the browser
// reports that probe as a policy violation (tests/e2e/csp.spec.ts counts them). Without the JIT
// zod parses a form in well under a millisecond. This module is the shell's first import, so it
// runs before any schema of the back office is built.
z.config({ jitless: true });
