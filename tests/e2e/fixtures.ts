import { type APIRequestContext, test as base, type BrowserContext, expect, type Page } from "@playwright/test";

/**
 * Every end-to-end test imports `test` and `expect` from here, never from @playwright/test
 * (biome.json enforces it), so every screen runs under the store's Content-Security-Policy
 * and a test fails on any CSP message in the browser console: a blocked inline script, a
 * refused image or frame, a script the policy stopped. Pages of contexts a test opens itself
 * (browser.newContext) and popups (the PayPal sandbox window) are watched too.
 */

/** What Chromium writes to the console when the policy blocks something. */
const CSP_MESSAGE = /Content Security Policy|Content-Security-Policy/i;

/** The current test's findings; contexts opened during it report here. */
let current: string[] | null = null;
const watched = new WeakSet<BrowserContext>();

/**
 * The pictures specs save for people to look at (`page.screenshot({ path })`, under test-results/) are
 * not assertions, and in CI nobody looks at them: there they are not taken (decision 058), unless
 * E2E_SCREENSHOTS=1. A run on a developer's machine takes them as before. A screenshot without a
 * path (its bytes used by the test) is always taken.
 */
const PICTURES = !process.env.CI || process.env.E2E_SCREENSHOTS === "1";
const pictureless = new WeakSet<Page>();
function skipPictures(page: Page) {
  if (PICTURES || pictureless.has(page)) return;
  pictureless.add(page);
  const take = page.screenshot.bind(page);
  page.screenshot = async (options) => (options?.path ? Buffer.alloc(0) : take(options));
}

/**
 * The tests' API calls (`context.request`) each go on a connection of their own: they ask the server
 * to close it after the answer (`Connection: close`). The store closes an idle keep-alive connection
 * after 5 s (Node's default; the proxies in docs/deploy.md keep theirs shorter), and Playwright's API
 * client keeps connections for as long as it likes, so a call sent on a kept one just as the store
 * closed it met a reset ("read ECONNRESET", a CI run of 0.6.0). With no connection kept there is
 * nothing to race; a call's own `connection` header wins. The browser's own requests are untouched.
 */
const ownConnection = new WeakSet<APIRequestContext>();
type Send = (url: unknown, options?: { headers?: Record<string, string> }) => ReturnType<APIRequestContext["fetch"]>;
export function connectionPerCall(request: APIRequestContext): APIRequestContext {
  if (ownConnection.has(request)) return request;
  ownConnection.add(request);
  const methods = request as unknown as Record<string, Send>;
  for (const method of ["fetch", "get", "head", "post", "put", "patch", "delete"]) {
    const send = methods[method].bind(request);
    methods[method] = (url, options) =>
      send(url, { ...options, headers: { connection: "close", ...options?.headers } });
  }
  return request;
}

function watch(context: BrowserContext) {
  if (watched.has(context)) return;
  watched.add(context);
  connectionPerCall(context.request);
  for (const page of context.pages()) skipPictures(page);
  context.on("page", skipPictures);
  context.on("console", (message) => {
    if (CSP_MESSAGE.test(message.text())) current?.push(`${message.page()?.url() ?? "?"}: ${message.text()}`);
  });
  context.on("weberror", (error) => {
    // eval() and friends blocked by the policy throw EvalError instead of logging.
    if (CSP_MESSAGE.test(String(error.error()))) current?.push(`${error.page()?.url() ?? "?"}: ${error.error()}`);
  });
}

export const test = base.extend<{ cspViolations: string[] }, { watchedBrowser: undefined }>({
  watchedBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const context = await newContext(...args);
        watch(context);
        return context;
      };
      await use(undefined);
      browser.newContext = newContext;
    },
    { scope: "worker", auto: true },
  ],
  /** The CSP messages seen so far in this test; a test that provokes one on purpose empties it. */
  cspViolations: [
    async ({ context }, use) => {
      const found: string[] = [];
      current = found;
      watch(context);
      await use(found);
      current = null;
      expect(found, "Content-Security-Policy messages in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The tag of a test that also runs at 390 px (the phone project runs only these and the accessibility
 * sweep; docs/testing.md, "Widths"): one phone pass per journey, and the tests whose layout, touch
 * input or dialogs differ on a phone. Everything else runs once, at 1280 px. Used as
 * `test("…", PHONE, async (…) => …)`.
 */
export const PHONE = { tag: "@phone" };

export { expect };
export type {
  APIRequestContext,
  Browser,
  BrowserContext,
  Locator,
  Page,
  Request,
  Route,
  TestInfo,
} from "@playwright/test";
