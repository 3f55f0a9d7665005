// A page open across a publish: the build it came from is gone, and with it the hashed chunks
// (`/_astro/…`) its islands load on first use. A chunk that fails to load fires an event, and the
// page then reloads once, to get the new build's page and chunks. Two events say so:
// `astro:hydration-error` (bubbling from the island: Astro imports the island's component URL
// itself, tries once more after a second, then dispatches it; no Vite event fires for that
// import) and Vite's `vite:preloadError` on window (a dynamic import inside our own chunks, or
// a stylesheet they preload; Vite rethrows after it, SPEC section 8, since this never calls
// preventDefault). The guard: sessionStorage remembers, per page, the chunk it reloaded for;
// the same chunk failing again (the new page still names it: nothing newer to get) does not
// reload again, so it never loops, and a page that stays open across the next publish reloads
// once more. No sessionStorage, no reload. A hydration error that is no module load (an
// island's own bug) reloads nothing. Printed after the head script in the same inline script
// (src/components/HeadScript.astro), so it listens before any island loads.

export const STALE_CHUNK_KEY = "chunk-reload:";

export const STALE_CHUNK_RELOAD = `(()=>{var f=u=>{try{var k=${JSON.stringify(STALE_CHUNK_KEY)}+location.pathname,s=sessionStorage;if(s[k]!=u){s[k]=u;location.reload()}}catch(e){}};addEventListener("vite:preloadError",e=>f(""+(e.payload?.message||e.payload)));addEventListener("astro:hydration-error",e=>/module/i.test(e.detail?.error?.message)&&f(""+e.detail.componentUrl))})()`;
