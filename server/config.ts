import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_TIME_ZONE, isTimeZone } from "../domain/dates";
import { DEFAULT_MIN_FREE_DISK_MB } from "../domain/disk-space";
import { FAULT_POINTS, type FaultPoint } from "./faults";
import { isLocalUrl, isLoopbackHostname } from "./net/addresses";
import { parseTrustProxy, type TrustProxy } from "./net/trust-proxy";
import { PRIVATE_DIR_MODE } from "./private-files";

/**
 * Every setting of the store, read once from the environment and validated.
 * A bad value stops start-up with a message naming the variable, so a typo in a
 * deployment never turns into a half-working shop.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (what: string) =>
  optionalString.refine((v) => v === undefined || URL.canParse(v), {
    message: `must be a URL (${what})`,
  });

/** A whole number from `min` to `max`, said in one message whatever is wrong with it ("ten", "0", "2.5"). */
const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });
};

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Loopback by default: a store others can reach is a choice (HOST=0.0.0.0), with the fail-safe rules below.
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    PUBLIC_URL: optionalUrl("e.g. https://shop.example.com"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    // Unfinished and not yet saved resumable uploads (decision 057); shared by every instance that serves /api/uploads.
    UPLOAD_DIR: z.string().trim().min(1).optional(),
    // Below this much free space in DATA_DIR (or the media folder), /readyz answers 503; 0: never.
    MIN_FREE_DISK_MB: wholeNumber(0, 1_000_000).default(DEFAULT_MIN_FREE_DISK_MB),
    DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: "must start with postgres:// or postgresql://",
    }),
    DEMO_DATA: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("1"),
    ADMIN_EMAIL: z.email({ message: "must be an e-mail address" }).default("admin@example.com"),
    AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: "must be at least 32 characters",
    }),
    SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
      message: "must start with smtp:// or smtps://",
    }),
    MAIL_FROM: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: z.url({ message: "must be a URL" }).default("https://accounts.google.com"),
    PAYPAL_CLIENT_ID: optionalString,
    PAYPAL_CLIENT_SECRET: optionalString,
    PAYPAL_API_BASE: z.url({ message: "must be a URL" }).default("https://api-m.sandbox.paypal.com"),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalUrl("e.g. http://127.0.0.1:12111"),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalUrl("e.g. http://127.0.0.1:4569"),
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalUrl("the public address of the bucket"),
    AUTH_RATE_LIMIT: z.coerce
      .number({ message: "must be a number" })
      .int({ message: "must be a whole number" })
      .min(1, { message: "must be at least 1" })
      .max(100_000, { message: "must be at most 100000" })
      .default(20),
    TRUST_PROXY: optionalString,
    METRICS_TOKEN: optionalString.superRefine((v, ctx) => {
      if (v === undefined) return;
      const problem =
        v.length < 32
          ? "must be at least 32 characters"
          : /^[A-Za-z0-9\-._~+/]+=*$/.test(v)
            ? undefined
            : "must be letters, digits and - . _ ~ + / only";
      // RFC 6750's token characters: what an Authorization: Bearer header can carry as it is.
      if (problem)
        ctx.addIssue({ code: "custom", message: `${problem} (e.g. the output of \`openssl rand -hex 32\`)` });
    }),
    ALLOW_SANDBOX_PAYMENTS: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("0"),
    ALLOW_LOCAL_MAILBOX: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("0"),
    CHECKOUT_RATE_LIMIT: z.coerce
      .number({ message: "must be a number" })
      .int({ message: "must be a whole number" })
      .min(1, { message: "must be at least 1" })
      .max(10_000, { message: "must be at most 10000" })
      .default(10),
    DATABASE_POOL_SIZE: wholeNumber(1, 100).default(10),
    MAIL_RETENTION_DAYS: wholeNumber(1, 3650).default(7),
    // The shop's time zone (IANA, e.g. Europe/London): dates are shown in it and discount dates are entered in it.
    SHOP_TIME_ZONE: optionalString
      .transform((v) => v ?? DEFAULT_TIME_ZONE)
      .refine(isTimeZone, { message: "must be an IANA time zone such as UTC, Europe/London or America/New_York" }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SHUTDOWN_GRACE_SECONDS: z.coerce
      .number({ message: "must be a number" })
      .int({ message: "must be a whole number" })
      .min(1, { message: "must be at least 1" })
      .max(600, { message: "must be at most 600" })
      .default(10),
    RECONCILE_INTERVAL_SECONDS: wholeNumber(1, 3600).default(120),
    RECONCILE_MIN_AGE_SECONDS: wholeNumber(1, 86_400).default(300),
    FAULT_POINT: z
      .string()
      .trim()
      .transform((v) => (v === "" ? undefined : v))
      .pipe(z.enum(FAULT_POINTS, { message: `must be one of ${FAULT_POINTS.join(", ")}` }).optional())
      .optional(),
  })
  .superRefine((env, ctx) => {
    const pairs: [keyof typeof env, keyof typeof env][] = [
      ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
      ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"],
    ];
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        ctx.addIssue({ code: "custom", path: [env[a] ? b : a], message: `is required when ${env[a] ? a : b} is set` });
      }
    }
    if (env.S3_BUCKET) {
      for (const key of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when S3_BUCKET is set" });
      }
    }
    const trust = parseTrustProxy(env.TRUST_PROXY);
    if (typeof trust === "string") ctx.addIssue({ code: "custom", path: ["TRUST_PROXY"], message: trust });
    for (const refusal of publicAddressRefusals(env))
      ctx.addIssue({ code: "custom", path: [refusal.variable], message: refusal.message });
    for (const refusal of testOnlyRefusals(env))
      ctx.addIssue({ code: "custom", path: [refusal.variable], message: refusal.message });
  });

/** Below this, a reconciliation pass could give back the stock of a PayPal capture still in flight. */
const SAFE_RECONCILE_MIN_AGE_SECONDS = 60;

/**
 * Settings that exist for the fault tests (docs/faults.md) and must never reach a real shop: a
 * fault point kills the process on purpose, and a very short reconciliation age can release a
 * hold under a capture in flight. Refused when NODE_ENV=production (the default) or when
 * PUBLIC_URL is not this machine's own address.
 */
function testOnlyRefusals(env: {
  NODE_ENV: string;
  PORT: number;
  HOST: string;
  PUBLIC_URL?: string;
  FAULT_POINT?: string;
  RECONCILE_MIN_AGE_SECONDS: number;
}): { variable: string; message: string }[] {
  const exposure = exposureOf(env);
  const where =
    env.NODE_ENV === "production"
      ? "NODE_ENV=production"
      : exposure.kind === "public"
        ? `the public address PUBLIC_URL=${exposure.publicUrl}`
        : exposure.kind === "network"
          ? `HOST=${env.HOST}, which other machines can reach`
          : undefined;
  if (!where) return [];
  const refusals: { variable: string; message: string }[] = [];
  if (env.FAULT_POINT) {
    refusals.push({
      variable: "FAULT_POINT",
      message: `is a test-only setting that kills the store on purpose; it is refused with ${where}: unset it`,
    });
  }
  if (env.RECONCILE_MIN_AGE_SECONDS < SAFE_RECONCILE_MIN_AGE_SECONDS) {
    refusals.push({
      variable: "RECONCILE_MIN_AGE_SECONDS",
      message: `must be at least ${SAFE_RECONCILE_MIN_AGE_SECONDS} with ${where} (a shorter age can give back the stock of a PayPal capture still in flight; shorter ages are for tests)`,
    });
  }
  return refusals;
}

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the store reads (.env.example lists each one; config.unit.test.ts checks it). */
export const SETTING_NAMES = Object.keys(envSchema.shape) as (keyof Env)[];

const defaultPublicUrl = (port: number) => `http://localhost:${port}`;

/**
 * Who can reach the store (docs/decisions/007-behind-a-proxy-and-fail-safe-start.md):
 * - `public`: PUBLIC_URL is an address shoppers use;
 * - `network`: PUBLIC_URL is this machine's, but the store listens on an address other machines
 *   can reach (HOST is not a loopback name or address: 0.0.0.0, ::, a network card's address);
 * - `local`: this machine only (`npm start` on a fresh checkout).
 */
export function exposureOf(env: { PORT: number; HOST: string; PUBLIC_URL?: string }): {
  kind: "public" | "network" | "local";
  publicUrl: string;
} {
  const publicUrl = env.PUBLIC_URL ?? defaultPublicUrl(env.PORT);
  if (URL.canParse(publicUrl) && !isLocalUrl(publicUrl)) return { kind: "public", publicUrl };
  return { kind: isLoopbackHostname(env.HOST) ? "local" : "network", publicUrl };
}

/**
 * Where others can reach the store, a missing key must not quietly turn into a shop that takes
 * no real money or sends no e-mail: each such fallback is a refusal to start, naming what to
 * set. Sandbox payments may be chosen on purpose (ALLOW_SANDBOX_PAYMENTS=1). The local mailbox
 * may be chosen on purpose only where PUBLIC_URL is this machine's (ALLOW_LOCAL_MAILBOX=1, a
 * store tried out in a container or on a LAN): on a public address nobody could ever read a
 * verification link. On this machine alone the fallbacks stay as they are.
 */
function publicAddressRefusals(env: {
  PORT: number;
  HOST: string;
  PUBLIC_URL?: string;
  SMTP_URL?: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  ALLOW_SANDBOX_PAYMENTS: "0" | "1";
  ALLOW_LOCAL_MAILBOX: "0" | "1";
}): { variable: string; message: string }[] {
  const { kind, publicUrl } = exposureOf(env);
  if (kind === "local") return [];
  const at =
    kind === "public"
      ? `on the public address PUBLIC_URL=${publicUrl}`
      : `on HOST=${env.HOST}, which other machines can reach (PUBLIC_URL=${publicUrl} names this machine)`;
  const sandboxAllowed = env.ALLOW_SANDBOX_PAYMENTS === "1";
  const refusals: { variable: string; message: string }[] = [];
  if (!env.SMTP_URL && !(kind === "network" && env.ALLOW_LOCAL_MAILBOX === "1")) {
    refusals.push({
      variable: "SMTP_URL",
      message:
        kind === "public"
          ? `is not set, so e-mail (verification links, password resets, order confirmations) would stay in the local mailbox ${at}, where no shopper can read it: set SMTP_URL`
          : `is not set, so e-mail (verification links, password resets, order confirmations) would stay in the local mailbox ${at}, where only this machine can read it: set SMTP_URL, or set ALLOW_LOCAL_MAILBOX=1 to keep it there on purpose, or listen on this machine only (HOST=127.0.0.1)`,
    });
  }
  if (!sandboxAllowed && !(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET)) {
    refusals.push({
      variable: "PAYPAL_CLIENT_ID",
      message: `and PAYPAL_CLIENT_SECRET are not set, so PayPal payments would go to the built-in sandbox (no real money) ${at}: set them, or set ALLOW_SANDBOX_PAYMENTS=1 to take sandbox payments on purpose`,
    });
  }
  if (!sandboxAllowed && !env.STRIPE_SECRET_KEY) {
    refusals.push({
      variable: "STRIPE_SECRET_KEY",
      message: `is not set, so card payments would go to the built-in sandbox (no real money) ${at}: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or set ALLOW_SANDBOX_PAYMENTS=1 to take sandbox payments on purpose`,
    });
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    refusals.push({
      variable: "STRIPE_WEBHOOK_SECRET",
      message: `is not set while STRIPE_SECRET_KEY is, so Stripe's webhook could not be verified and a paid order whose shopper never comes back would wait for reconciliation ${at}: set it to the signing secret of the endpoint ${publicUrl.replace(/\/+$/, "")}/api/stripe-webhook`,
    });
  }
  return refusals;
}

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Resumable uploads until a save uses them (UPLOAD_DIR, else DATA_DIR/uploads; decision 057). */
  uploadDir: string;
  /** `/readyz` answers 503 when DATA_DIR or the media folder has less free space than this (0: never checked). */
  minFreeDiskMb: number;
  databaseUrl?: string;
  demoData: boolean;
  adminEmail: string;
  authSecret: string;
  /** Sign-in and sign-up attempts per minute from one client address (the per-account limit is separate). */
  authRateLimit: number;
  /** Payment starts (create-paypal-order, create-stripe-session, verify-paypal-order) per minute per shopper. */
  checkoutRateLimit: number;
  smtpUrl?: string;
  mailFrom: string;
  google?: { clientId: string; clientSecret: string; issuer: string };
  paypal?: { clientId: string; clientSecret: string; apiBase: string };
  stripe?: { secretKey: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  s3?: {
    bucket: string;
    endpoint?: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    publicUrl: string;
  };
  /** Which peers may report the client's address and scheme (X-Forwarded-For / X-Forwarded-Proto). */
  trustProxy: TrustProxy;
  /** `Authorization: Bearer` token that opens GET /metrics from anywhere (docs/decisions/042-metrics.md); unset: this machine only. */
  metricsToken?: string;
  /** Who can reach the store (exposureOf): the fail-safe refusals above apply unless it is `local`. */
  exposure: "public" | "network" | "local";
  /** The operator chose the local mailbox on an address other machines can reach (ALLOW_LOCAL_MAILBOX=1). */
  allowLocalMailbox: boolean;
  /** The operator chose sandbox payments on a public address (ALLOW_SANDBOX_PAYMENTS=1). */
  allowSandboxPayments: boolean;
  /** Which payment methods run on the built-in sandbox (no real money): their keys are unset. */
  sandboxPayments: { wallet: boolean; card: boolean };
  /** PostgreSQL connections this process opens at most (DATABASE_URL only; the embedded database is one connection). */
  databasePoolSize: number;
  /** Days a sent e-mail stays in the outbox before housekeeping deletes it (it may hold sign-in and reset links). */
  mailRetentionDays: number;
  logLevel: Env["LOG_LEVEL"];
  /** The shop's IANA time zone (SHOP_TIME_ZONE): dates are shown in it, discount days are read in it. */
  timeZone: string;
  /** The payment reconciliation pass: how often it runs, and how old a pending checkout must be before it is asked about. */
  reconcile: { intervalMs: number; minAgeMs: number };
  /** Test-only (docs/faults.md): where the process kills itself; refused in production and on a public address. */
  faultPoint?: FaultPoint;
  /** From the stop signal to the exit at the latest (server/start.ts): requests still open then are cut off. */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Keeps a generated secret in DATA_DIR so sessions survive a restart without configuration. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: create it below
  }
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"} ${issue.message}`),
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? defaultPublicUrl(env.PORT)).replace(/\/+$/, "");
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    uploadDir: env.UPLOAD_DIR ? path.resolve(env.UPLOAD_DIR) : path.join(dataDir, "uploads"),
    minFreeDiskMb: env.MIN_FREE_DISK_MB,
    databaseUrl: env.DATABASE_URL,
    demoData: env.DEMO_DATA === "1",
    adminEmail: env.ADMIN_EMAIL.toLowerCase(),
    authSecret: env.AUTH_SECRET ?? persistedSecret(dataDir),
    authRateLimit: env.AUTH_RATE_LIMIT,
    checkoutRateLimit: env.CHECKOUT_RATE_LIMIT,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Threadline <no-reply@${new URL(publicUrl).hostname}>`,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
        : undefined,
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiBase: env.PAYPAL_API_BASE }
        : undefined,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiBase: env.STRIPE_API_BASE,
        }
      : undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? "us-east-1",
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          publicUrl: env.S3_PUBLIC_URL!.replace(/\/+$/, ""),
        }
      : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY) as TrustProxy,
    metricsToken: env.METRICS_TOKEN,
    exposure: exposureOf(env).kind,
    allowLocalMailbox: env.ALLOW_LOCAL_MAILBOX === "1",
    allowSandboxPayments: env.ALLOW_SANDBOX_PAYMENTS === "1",
    sandboxPayments: { wallet: !(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET), card: !env.STRIPE_SECRET_KEY },
    databasePoolSize: env.DATABASE_POOL_SIZE,
    mailRetentionDays: env.MAIL_RETENTION_DAYS,
    logLevel: env.LOG_LEVEL,
    timeZone: env.SHOP_TIME_ZONE,
    reconcile: { intervalMs: env.RECONCILE_INTERVAL_SECONDS * 1000, minAgeMs: env.RECONCILE_MIN_AGE_SECONDS * 1000 },
    faultPoint: env.FAULT_POINT,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
  };
}
