// The back office's zod runs without its JIT (src/shared/zod-browser.ts says why). The shell
// imports this first; the shared schema modules import the same setting themselves, so it
// holds whichever chunk the bundler evaluates first.
import "../../../shared/zod-browser.ts";
