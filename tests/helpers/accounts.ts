import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AuthOptions } from "../../server/auth/auth";
import { type Config, loadConfig } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { createApp } from "../../server/http/app";
import { createLogger, type Logger } from "../../server/logger";
import type { MailServiceOptions } from "../../server/mail/service";
import { createServices } from "../../server/services";
import { createLocalStorage } from "../../server/storage/local";
import { loadServerBuild } from "./app";
import { type FakeSmtp, linkIn } from "../fakes/smtp";

export const PUBLIC_URL = "http://store.test";
/** Strong enough for zxcvbn; tests that are not about passwords use it. */
export const GOOD_PASSWORD = "Velvet-Harbor-42";

export interface AccountsTestApp {
  app: ReturnType<typeof createApp>;
  config: Config;
  services: ReturnType<typeof createServices>;
  dataDir: string;
}

/** The whole HTTP app with accounts options (rate limits, mail worker timing) a test chooses. */
export async function createAccountsTestApp(
  database: DatabaseHandle,
  options: {
    env?: Record<string, string>;
    auth?: AuthOptions;
    mail?: MailServiceOptions;
    withPages?: boolean;
    dataDir?: string;
    /** Where the store's log lines go (default: nowhere). */
    logger?: Logger;
  } = {},
): Promise<AccountsTestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "store-accounts-"));
  // Sandbox payments are allowed, so a test may put the store on a public https address
  // without payment keys; it must still give SMTP_URL then (config.ts).
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL,
    LOG_LEVEL: "silent",
    ALLOW_SANDBOX_PAYMENTS: "1",
    ...options.env,
  });
  const logger = options.logger ?? createLogger("silent");
  const services = createServices({
    database,
    storage: createLocalStorage(path.join(dataDir, "media")),
    config,
    logger,
    auth: options.auth,
    mail: options.mail,
  });
  const app = createApp({
    config,
    logger,
    database,
    services,
    build: options.withPages ? await loadServerBuild() : undefined,
  });
  return { app, config, services, dataDir };
}

/**
 * A browser in a test: keeps cookies, sends the store's Origin on state-changing requests
 * (as a browser on the store's pages does) and comes from one client address.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: AccountsTestApp["app"],
    private readonly address = "198.51.100.1",
  ) {}

  async request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${PUBLIC_URL}${pathOrUrl}`;
    const headers = new Headers(init.headers);
    const method = (init.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", PUBLIC_URL);
    if (this.cookies.size && !headers.has("cookie")) {
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    const response = await this.app.request(
      url,
      { ...init, headers, redirect: "manual" },
      {
        incoming: { socket: { remoteAddress: this.address } },
      },
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const eqAt = pair.indexOf("=");
      const name = pair.slice(0, eqAt).trim();
      const value = pair.slice(eqAt + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  postJson(path: string, body: unknown, init: RequestInit = {}) {
    return this.request(path, {
      ...init,
      method: "POST",
      headers: { "content-type": "application/json", ...(init.headers as Record<string, string>) },
      body: JSON.stringify(body),
    });
  }

  postForm(path: string, fields: Record<string, string>, init: RequestInit = {}) {
    return this.request(path, {
      ...init,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(init.headers as Record<string, string>) },
      body: new URLSearchParams(fields).toString(),
    });
  }

  hasSession(): boolean {
    return [...this.cookies.keys()].some((k) => k.endsWith("session_token"));
  }
}

/** Signs up through the API and opens the verification link from the caught e-mail. */
export async function registerVerified(
  t: AccountsTestApp,
  smtp: FakeSmtp,
  email: string,
  browser = new TestBrowser(t.app),
) {
  const before = smtp.inbox.length;
  const res = await browser.postJson("/api/auth/sign-up/email", { name: "", email, password: GOOD_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-up of ${email} failed: ${res.status} ${await res.text()}`);
  await t.services.mail.worker.runOnce();
  const mail = await smtp.waitFor(email, { after: before });
  const verified = await browser.request(linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email`));
  if (verified.status !== 302) throw new Error(`verification of ${email} failed: ${verified.status}`);
  return browser;
}

export async function userByEmail(database: DatabaseHandle, email: string) {
  return (await database.db.select().from(users).where(eq(users.email, email)))[0];
}
