import { z } from "zod";

/**
 * zod, as every schema of the store uses it. `jitless`: zod would otherwise try `new Function`
 * once, when the first object schema is made, to see whether it may compile faster parsers;
 * under the store's Content-Security-Policy (no 'unsafe-eval', server/http/csp.ts) the browser
 * refuses and reports a CSP violation on every page with a form, which Lighthouse's best
 * practices count against the page (docs/decisions/025-what-the-browser-loads-when.md). The
 * schemas parse the same without it. Domain modules import `z` from here, never from "zod",
 * so the setting is made before any schema exists.
 */
z.config({ jitless: true });

export { z };
