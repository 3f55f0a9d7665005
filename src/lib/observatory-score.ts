// The Mozilla Observatory's scoring now lives in ./observatory/ (one module per rule family);
// this path stays for the tests that import it.
export * from "./observatory/index.ts";
