import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

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
      host: "0.0.0.0",
      publicUrl: "http://localhost:3000",
      dataDir: dir,
      databaseUrl: undefined,
      demoData: true,
      adminEmail: "admin@example.com",
      authRateLimit: 20,
      smtpUrl: undefined,
      google: undefined,
      paypal: undefined,
      stripe: undefined,
      s3: undefined,
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
    });
    expect(config).toMatchObject({
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
      stripe: { secretKey: "sk_test_1", publishableKey: "pk_test_1", webhookSecret: "whsec_1", apiBase: "http://127.0.0.1:12111" },
      s3: {
        bucket: "images",
        endpoint: "http://127.0.0.1:4569",
        region: "eu-west-1",
        accessKeyId: "ak",
        secretAccessKey: "sk",
        publicUrl: "https://cdn.example.com/images",
      },
    });
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
  ])("refuses %j with a message naming %s", (env, variable) => {
    const problems = problemsOf(env);
    expect(problems.some((p) => p.startsWith(`${variable} `))).toBe(true);
  });

  it("reports every problem at once", () => {
    expect(problemsOf({ PORT: "x", DEMO_DATA: "2" })).toHaveLength(2);
  });
});
