import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, SETTING_NAMES } from "./config";

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "store-config-"));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("has working embedded defaults", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      dataDir: dir,
      minFreeDiskMb: 256,
      databaseUrl: undefined,
      demoData: true,
      adminEmail: "admin@example.com",
      authRateLimit: 20,
      smtpUrl: undefined,
      google: undefined,
      paypal: undefined,
      stripe: undefined,
      s3: undefined,
      trustProxy: { kind: "none" },
      exposure: "local",
      allowLocalMailbox: false,
      allowSandboxPayments: false,
      sandboxPayments: { wallet: true, card: true },
      databasePoolSize: 10,
      mailRetentionDays: 7,
      shutdownGraceMs: 10_000,
    });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("keeps the generated auth secret in DATA_DIR so sessions survive a restart", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
  });

  it("reads every variable of the configuration contract", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      PUBLIC_URL: "https://shop.example.com/",
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://u:p@db:5432/store",
      DEMO_DATA: "0",
      ADMIN_EMAIL: "Owner@Example.com",
      AUTH_SECRET: "x".repeat(40),
      SMTP_URL: "smtp://mail:25",
      MAIL_FROM: "Shop <shop@example.com>",
      GOOGLE_CLIENT_ID: "gid",
      GOOGLE_CLIENT_SECRET: "gsecret",
      GOOGLE_ISSUER: "http://127.0.0.1:9000",
      PAYPAL_CLIENT_ID: "pid",
      PAYPAL_CLIENT_SECRET: "psecret",
      PAYPAL_API_BASE: "http://127.0.0.1:9001",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
      S3_BUCKET: "images",
      S3_ENDPOINT: "http://127.0.0.1:4569",
      S3_REGION: "eu-west-1",
      S3_ACCESS_KEY_ID: "ak",
      S3_SECRET_ACCESS_KEY: "sk",
      S3_PUBLIC_URL: "https://cdn.example.com/images/",
      AUTH_RATE_LIMIT: "50",
      TRUST_PROXY: "10.0.0.0/8, loopback",
      ALLOW_SANDBOX_PAYMENTS: "1",
      DATABASE_POOL_SIZE: "25",
      MAIL_RETENTION_DAYS: "30",
      SHUTDOWN_GRACE_SECONDS: "25",
      MIN_FREE_DISK_MB: "1024",
      SHOP_TIME_ZONE: "Europe/London",
    });
    expect(config).toMatchObject({
      minFreeDiskMb: 1024,
      shutdownGraceMs: 25_000,
      port: 8080,
      host: "127.0.0.1",
      publicUrl: "https://shop.example.com",
      databaseUrl: "postgres://u:p@db:5432/store",
      demoData: false,
      adminEmail: "owner@example.com",
      authSecret: "x".repeat(40),
      authRateLimit: 50,
      smtpUrl: "smtp://mail:25",
      mailFrom: "Shop <shop@example.com>",
      google: { clientId: "gid", clientSecret: "gsecret", issuer: "http://127.0.0.1:9000" },
      paypal: { clientId: "pid", clientSecret: "psecret", apiBase: "http://127.0.0.1:9001" },
      stripe: {
        secretKey: "sk_test_1",
        publishableKey: "pk_test_1",
        webhookSecret: "whsec_1",
        apiBase: "http://127.0.0.1:12111",
      },
      s3: {
        bucket: "images",
        endpoint: "http://127.0.0.1:4569",
        region: "eu-west-1",
        accessKeyId: "ak",
        secretAccessKey: "sk",
        publicUrl: "https://cdn.example.com/images",
      },
      trustProxy: { kind: "addresses", addresses: ["10.0.0.0/8", "loopback"] },
      exposure: "public",
      allowSandboxPayments: true,
      sandboxPayments: { wallet: false, card: false },
      databasePoolSize: 25,
      mailRetentionDays: 30,
      timeZone: "Europe/London",
    });
  });

  it("keeps dates in UTC unless SHOP_TIME_ZONE names another zone", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).timeZone).toBe("UTC");
    expect(loadConfig({ DATA_DIR: dataDir(), SHOP_TIME_ZONE: " America/New_York " }).timeZone).toBe("America/New_York");
  });

  it("treats empty strings as unset", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "", SMTP_URL: " ", PAYPAL_CLIENT_ID: "" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.paypal).toBeUndefined();
  });

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ DEMO_DATA: "yes" }, "DEMO_DATA"],
    [{ ADMIN_EMAIL: "nobody" }, "ADMIN_EMAIL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ GOOGLE_CLIENT_ID: "only-id" }, "GOOGLE_CLIENT_SECRET"],
    [{ PAYPAL_CLIENT_SECRET: "only-secret" }, "PAYPAL_CLIENT_ID"],
    [{ PAYPAL_API_BASE: "nope" }, "PAYPAL_API_BASE"],
    [{ STRIPE_API_BASE: "::" }, "STRIPE_API_BASE"],
    [{ S3_BUCKET: "images" }, "S3_ACCESS_KEY_ID"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ AUTH_RATE_LIMIT: "0" }, "AUTH_RATE_LIMIT"],
    [{ AUTH_RATE_LIMIT: "lots" }, "AUTH_RATE_LIMIT"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "proxy.internal" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "99" }, "TRUST_PROXY"],
    [{ ALLOW_SANDBOX_PAYMENTS: "yes" }, "ALLOW_SANDBOX_PAYMENTS"],
    [{ SHUTDOWN_GRACE_SECONDS: "0" }, "SHUTDOWN_GRACE_SECONDS"],
    [{ SHUTDOWN_GRACE_SECONDS: "1.5" }, "SHUTDOWN_GRACE_SECONDS"],
    [{ SHUTDOWN_GRACE_SECONDS: "forever" }, "SHUTDOWN_GRACE_SECONDS"],
    [{ SHOP_TIME_ZONE: "Mars/Olympus" }, "SHOP_TIME_ZONE"],
    [{ SHOP_TIME_ZONE: "Europe/Nowhere" }, "SHOP_TIME_ZONE"],
  ])("refuses %j with a message naming %s", (env, variable) => {
    const problems = problemsOf(env);
    expect(problems.some((p) => p.startsWith(`${variable} `))).toBe(true);
  });

  it.each([
    ["1", 1],
    ["100", 100],
    [" 12 ", 12],
  ])("takes DATABASE_POOL_SIZE=%j as %i connections", (value, size) => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: value }).databasePoolSize).toBe(size);
  });

  it.each([
    ["DATABASE_POOL_SIZE", "0", "from 1 to 100"],
    ["DATABASE_POOL_SIZE", "101", "from 1 to 100"],
    ["DATABASE_POOL_SIZE", "2.5", "from 1 to 100"],
    ["DATABASE_POOL_SIZE", "ten", "from 1 to 100"],
    ["DATABASE_POOL_SIZE", "-3", "from 1 to 100"],
    ["MAIL_RETENTION_DAYS", "0", "from 1 to 3650"],
    ["MAIL_RETENTION_DAYS", "a week", "from 1 to 3650"],
    ["MAIL_RETENTION_DAYS", "3651", "from 1 to 3650"],
    ["MIN_FREE_DISK_MB", "-1", "from 0 to 1000000"],
    ["MIN_FREE_DISK_MB", "1.5", "from 0 to 1000000"],
    ["MIN_FREE_DISK_MB", "lots", "from 0 to 1000000"],
  ])("refuses %s=%j: 'must be a whole number %s'", (variable, value, range) => {
    expect(problemsOf({ [variable]: value })).toEqual([`${variable} must be a whole number ${range}`]);
  });

  it("lists every setting it reads in .env.example, with its comment", () => {
    const example = readFileSync(path.resolve(import.meta.dirname, "..", ".env.example"), "utf8");
    const listed = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...SETTING_NAMES].sort()).toEqual([...new Set(listed)].sort());
    const lines = example.split("\n");
    for (const name of SETTING_NAMES) {
      const line = lines.findIndex((l) => new RegExp(`^#? ?${name}=`).test(l));
      // The line above says what it is: a comment, not another setting.
      expect(lines[line - 1], `${name} needs its own comment line above it`).toMatch(/^# (?![A-Z][A-Z0-9_]+=)\S/);
    }
  });

  it.each([
    ["short", "must be at least 32 characters"],
    ["x".repeat(31), "must be at least 32 characters"],
    [`${"a".repeat(32)} b`, "must be letters, digits and - . _ ~ + / only"],
    [`${"a".repeat(32)}"`, "must be letters, digits and - . _ ~ + / only"],
  ])("refuses METRICS_TOKEN=%j: %s", (value, message) => {
    expect(problemsOf({ METRICS_TOKEN: value })).toEqual([
      `METRICS_TOKEN ${message} (e.g. the output of \`openssl rand -hex 32\`)`,
    ]);
  });

  it("takes a METRICS_TOKEN of 32 characters or more, and none when it is unset or empty", () => {
    const token = "0123456789abcdef0123456789ABCDEF-._~+/=";
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
  });

  it("reports every problem at once", () => {
    expect(problemsOf({ PORT: "x", DEMO_DATA: "2" })).toHaveLength(2);
  });
});

/** A public store with every key set: the refusals below each take one away. */
const LIVE = {
  PUBLIC_URL: "https://shop.example",
  SMTP_URL: "smtps://user:pw@smtp.example:465",
  PAYPAL_CLIENT_ID: "pid",
  PAYPAL_CLIENT_SECRET: "psecret",
  STRIPE_SECRET_KEY: "sk_live_1",
  STRIPE_PUBLISHABLE_KEY: "pk_live_1",
  STRIPE_WEBHOOK_SECRET: "whsec_1",
};

/** Every key but PUBLIC_URL: so only the address decides. */
const LIVE_KEYS = Object.fromEntries(Object.entries(LIVE).filter(([key]) => key !== "PUBLIC_URL"));

const without = (...keys: (keyof typeof LIVE)[]) =>
  Object.fromEntries(Object.entries(LIVE).filter(([key]) => !keys.includes(key as keyof typeof LIVE))) as Record<
    string,
    string
  >;

describe("fail-safe settings on a public address", () => {
  it("starts with every key set", () => {
    expect(problemsOf(LIVE)).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir(), ...LIVE })).toMatchObject({
      exposure: "public",
      sandboxPayments: { wallet: false, card: false },
    });
  });

  it.each<[string, Record<string, string>, string[]]>([
    ["no keys at all", { PUBLIC_URL: "https://shop.example" }, ["SMTP_URL", "PAYPAL_CLIENT_ID", "STRIPE_SECRET_KEY"]],
    ["no SMTP", without("SMTP_URL"), ["SMTP_URL"]],
    [
      "no SMTP, even with sandbox payments allowed",
      { ...without("SMTP_URL"), ALLOW_SANDBOX_PAYMENTS: "1" },
      ["SMTP_URL"],
    ],
    [
      "PayPal keys, no Stripe keys",
      without("STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"),
      ["STRIPE_SECRET_KEY"],
    ],
    ["Stripe keys, no PayPal keys", without("PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"), ["PAYPAL_CLIENT_ID"]],
    ["Stripe without its webhook secret", without("STRIPE_WEBHOOK_SECRET"), ["STRIPE_WEBHOOK_SECRET"]],
    [
      "Stripe without its webhook secret, sandbox allowed",
      { ...without("STRIPE_WEBHOOK_SECRET"), ALLOW_SANDBOX_PAYMENTS: "1" },
      ["STRIPE_WEBHOOK_SECRET"],
    ],
    [
      "a private network address is not this machine",
      { ...without("SMTP_URL"), PUBLIC_URL: "http://192.168.1.5:3000" },
      ["SMTP_URL"],
    ],
    [
      "the default port-less https address",
      { PUBLIC_URL: "https://shop.example.com/", ALLOW_SANDBOX_PAYMENTS: "1" },
      ["SMTP_URL"],
    ],
  ])("refuses %s, naming what to set", (_label, env, variables) => {
    const problems = problemsOf(env);
    expect(problems.map((p) => p.split(" ")[0]).sort()).toEqual([...variables].sort());
    for (const problem of problems) expect(problem).toContain("PUBLIC_URL=");
  });

  it("says how to opt in to sandbox payments and which keys are missing", () => {
    const [paypal] = problemsOf(without("PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"));
    expect(paypal).toMatch(/^PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set/);
    expect(paypal).toContain("ALLOW_SANDBOX_PAYMENTS=1");
    const [webhook] = problemsOf(without("STRIPE_WEBHOOK_SECRET"));
    expect(webhook).toContain("https://shop.example/api/stripe-webhook");
  });

  it("lets the operator take sandbox payments on purpose, per method", () => {
    const mixed = loadConfig({
      DATA_DIR: dataDir(),
      ...without("STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"),
      ALLOW_SANDBOX_PAYMENTS: "1",
    });
    expect(mixed).toMatchObject({ allowSandboxPayments: true, sandboxPayments: { wallet: false, card: true } });
    const none = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: "https://shop.example",
      SMTP_URL: LIVE.SMTP_URL,
      ALLOW_SANDBOX_PAYMENTS: "1",
    });
    expect(none.sandboxPayments).toEqual({ wallet: true, card: true });
  });

  it.each([
    "http://localhost:3000",
    "http://127.0.0.1:3211",
    "http://[::1]:8080",
    "http://shop.localhost",
    "http://store.test",
    undefined,
  ])("changes nothing on this machine's own address (%s)", (publicUrl) => {
    const env: Record<string, string> = publicUrl ? { PUBLIC_URL: publicUrl } : {};
    expect(problemsOf(env)).toEqual([]);
    expect(problemsOf({ ...env, STRIPE_SECRET_KEY: "sk_test_1" })).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir(), ...env }).exposure).toBe("local");
  });
});

describe("fail-safe settings on an address other machines can reach (issue 21, finding 8)", () => {
  it.each<[string | undefined, string | undefined, "public" | "network" | "local"]>([
    [undefined, undefined, "local"],
    ["127.0.0.1", undefined, "local"],
    ["127.0.0.2", undefined, "local"],
    ["::1", undefined, "local"],
    ["localhost", "http://localhost:3000", "local"],
    ["0.0.0.0", undefined, "network"],
    ["::", undefined, "network"],
    ["192.168.1.5", "http://localhost:3000", "network"],
    ["shop-box", "http://localhost:3000", "network"],
    ["0.0.0.0", "http://store.test", "network"],
    ["0.0.0.0", "https://shop.example", "public"],
    ["127.0.0.1", "https://shop.example", "public"],
  ])("HOST=%s PUBLIC_URL=%s is %s", (host, publicUrl, kind) => {
    const env: Record<string, string> = {
      ...(host ? { HOST: host } : {}),
      ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
      ...LIVE_KEYS,
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...env }).exposure).toBe(kind);
  });

  it.each<[string, Record<string, string>, string[]]>([
    ["no keys at all", { HOST: "0.0.0.0" }, ["SMTP_URL", "PAYPAL_CLIENT_ID", "STRIPE_SECRET_KEY"]],
    ["no keys, on IPv6's any address", { HOST: "::" }, ["SMTP_URL", "PAYPAL_CLIENT_ID", "STRIPE_SECRET_KEY"]],
    ["sandbox allowed, mailbox not", { HOST: "0.0.0.0", ALLOW_SANDBOX_PAYMENTS: "1" }, ["SMTP_URL"]],
    [
      "mailbox allowed, sandbox not",
      { HOST: "0.0.0.0", ALLOW_LOCAL_MAILBOX: "1" },
      ["PAYPAL_CLIENT_ID", "STRIPE_SECRET_KEY"],
    ],
    [
      "Stripe without its webhook secret",
      { HOST: "0.0.0.0", ...without("STRIPE_WEBHOOK_SECRET", "PUBLIC_URL") },
      ["STRIPE_WEBHOOK_SECRET"],
    ],
    [
      "a fault point in a test",
      { HOST: "0.0.0.0", ...without("PUBLIC_URL"), NODE_ENV: "test", FAULT_POINT: "after-capture" },
      ["FAULT_POINT"],
    ],
    [
      "the local mailbox on a public address, even when asked for",
      { ...without("SMTP_URL"), ALLOW_LOCAL_MAILBOX: "1" },
      ["SMTP_URL"],
    ],
  ])("refuses %s, naming what to set", (_label, env, variables) => {
    const problems = problemsOf(env);
    expect(problems.map((p) => p.split(" ")[0]).sort()).toEqual([...variables].sort());
  });

  it("says what is reachable and how to opt in or stay local", () => {
    const [mailbox] = problemsOf({ HOST: "0.0.0.0", ALLOW_SANDBOX_PAYMENTS: "1" });
    expect(mailbox).toContain("HOST=0.0.0.0, which other machines can reach (PUBLIC_URL=http://localhost:3000");
    expect(mailbox).toContain("ALLOW_LOCAL_MAILBOX=1");
    expect(mailbox).toContain("HOST=127.0.0.1");
    const [onPublic] = problemsOf({ ...without("SMTP_URL"), ALLOW_LOCAL_MAILBOX: "1" });
    expect(onPublic).not.toContain("ALLOW_LOCAL_MAILBOX");
  });

  it("starts with both chosen on purpose", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      HOST: "0.0.0.0",
      ALLOW_SANDBOX_PAYMENTS: "1",
      ALLOW_LOCAL_MAILBOX: "1",
    });
    expect(config).toMatchObject({
      exposure: "network",
      allowLocalMailbox: true,
      sandboxPayments: { wallet: true, card: true },
    });
  });
});

describe("the fault tests' settings (docs/faults.md)", () => {
  it("reconciles every 2 minutes, checkouts untouched for 5, and has no fault point by default", () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      reconcile: { intervalMs: 120_000, minAgeMs: 300_000 },
      faultPoint: undefined,
    });
  });

  it("takes a fault point and short reconciliation timing in a test on this machine", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: "test",
      FAULT_POINT: "after-capture",
      RECONCILE_INTERVAL_SECONDS: "1",
      RECONCILE_MIN_AGE_SECONDS: "1",
    });
    expect(config).toMatchObject({ faultPoint: "after-capture", reconcile: { intervalMs: 1000, minAgeMs: 1000 } });
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "development", FAULT_POINT: "after-capture" }).faultPoint).toBe(
      "after-capture",
    );
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "test", FAULT_POINT: "" }).faultPoint).toBeUndefined();
  });

  it.each<[string, Record<string, string>, string[]]>([
    ["a fault point in production (NODE_ENV's default)", { FAULT_POINT: "after-capture" }, ["FAULT_POINT"]],
    [
      "a fault point with NODE_ENV=production",
      { NODE_ENV: "production", FAULT_POINT: "after-capture" },
      ["FAULT_POINT"],
    ],
    [
      "a fault point on a public address, even in a test",
      { ...LIVE, NODE_ENV: "test", FAULT_POINT: "after-capture" },
      ["FAULT_POINT"],
    ],
    [
      "a reconciliation age under a minute in production",
      { RECONCILE_MIN_AGE_SECONDS: "59" },
      ["RECONCILE_MIN_AGE_SECONDS"],
    ],
    [
      "a reconciliation age under a minute on a public address",
      { ...LIVE, NODE_ENV: "development", RECONCILE_MIN_AGE_SECONDS: "1" },
      ["RECONCILE_MIN_AGE_SECONDS"],
    ],
    [
      "both at once",
      { FAULT_POINT: "after-capture", RECONCILE_MIN_AGE_SECONDS: "1" },
      ["FAULT_POINT", "RECONCILE_MIN_AGE_SECONDS"],
    ],
    ["an unknown fault point", { NODE_ENV: "test", FAULT_POINT: "before-lunch" }, ["FAULT_POINT"]],
    ["a zero interval", { RECONCILE_INTERVAL_SECONDS: "0" }, ["RECONCILE_INTERVAL_SECONDS"]],
    ["an interval over an hour", { RECONCILE_INTERVAL_SECONDS: "3601" }, ["RECONCILE_INTERVAL_SECONDS"]],
    ["a fractional age", { NODE_ENV: "test", RECONCILE_MIN_AGE_SECONDS: "1.5" }, ["RECONCILE_MIN_AGE_SECONDS"]],
  ])("refuses %s, naming it", (_label, env, variables) => {
    const problems = problemsOf(env);
    expect(problems.map((p) => p.split(" ")[0]).sort()).toEqual([...variables].sort());
  });

  it("says why a fault point is refused and what to do", () => {
    expect(problemsOf({ FAULT_POINT: "after-capture" })).toEqual([
      "FAULT_POINT is a test-only setting that kills the store on purpose; it is refused with NODE_ENV=production: unset it",
    ]);
    const [onPublic] = problemsOf({ ...LIVE, NODE_ENV: "test", FAULT_POINT: "after-capture" });
    expect(onPublic).toContain(`the public address PUBLIC_URL=${LIVE.PUBLIC_URL}`);
    expect(problemsOf({ NODE_ENV: "test", FAULT_POINT: "before-lunch" })).toEqual([
      "FAULT_POINT must be one of after-capture",
    ]);
  });

  it("accepts a longer reconciliation timing anywhere", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ...LIVE,
      RECONCILE_INTERVAL_SECONDS: "30",
      RECONCILE_MIN_AGE_SECONDS: "60",
    });
    expect(config.reconcile).toEqual({ intervalMs: 30_000, minAgeMs: 60_000 });
  });
});
