import type { Context, MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Config } from "../config";
import type { AppEnv } from "./request-context";

/** Where browsers send Content-Security-Policy violation reports (csp-report.ts). */
export const CSP_REPORT_PATH = "/api/csp-report";

/** PayPal's JS SDK, its buttons' frames and images (PayPal's CSP guide lists these hosts). */
const PAYPAL_SOURCES = ["https://*.paypal.com", "https://*.paypalobjects.com", "https://*.venmo.com"];

type Policy = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>["contentSecurityPolicy"]>;

/**
 * The store's Content-Security-Policy. Scripts run only from the store itself or with this
 * response's nonce (React Router's inline hydration scripts get it through the load context,
 * app/entry.server.tsx); no 'unsafe-inline' for scripts. Styles allow inline attributes:
 * React writes `style=""` for colour swatches and the toaster injects its stylesheet, and
 * neither can run code. Third-party origins appear only when their feature is configured:
 * PayPal's SDK, the S3 bucket's public image address, and the Google sign-in page that the
 * login form redirects to. Stripe needs none: its hosted Checkout is a top-level navigation,
 * and the store loads no Stripe script.
 */
export function contentSecurityPolicy(config: Pick<Config, "paypal" | "s3" | "google">): Policy {
  const paypal = config.paypal ? PAYPAL_SOURCES : [];
  const images = config.s3 ? [new URL(config.s3.publicUrl).origin] : [];
  const google = config.google ? [new URL(config.google.issuer).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE, ...paypal],
    styleSrc: ["'self'", "'unsafe-inline'", ...paypal],
    imgSrc: ["'self'", "data:", "blob:", ...images, ...paypal],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'", ...paypal],
    frameSrc: ["'self'", ...paypal],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...google],
    frameAncestors: ["'none'"],
    reportUri: CSP_REPORT_PATH,
    reportTo: "csp",
  };
}

/** Powerful browser features the store never uses are switched off; PayPal's buttons may ask for payment. */
export function permissionsPolicy(config: Pick<Config, "paypal">): Record<string, string[]> {
  return {
    accelerometer: [],
    camera: [],
    geolocation: [],
    gyroscope: [],
    magnetometer: [],
    microphone: [],
    payment: config.paypal ? ["self", "https://www.paypal.com"] : [],
    usb: [],
  };
}

/**
 * Security headers on every response (hono/secure-headers), the CSP among them with a fresh
 * nonce per response. The nonce lives in the request's `secureHeadersNonce` variable and
 * nowhere else: cspNonce() is how pages get it, so a later HTML cache that must give each
 * response its own nonce has one place to change (see docs/decisions/008-content-security-policy.md).
 */
export function securityHeaders(config: Pick<Config, "paypal" | "s3" | "google">): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config),
    permissionsPolicy: permissionsPolicy(config),
    reportingEndpoints: [{ name: "csp", url: CSP_REPORT_PATH }],
    crossOriginEmbedderPolicy: false,
    // PayPal's checkout popup reports back to the opener; "same-origin" would cut that link.
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
  }) as MiddlewareHandler<AppEnv>;
}

/** This response's nonce for inline scripts; created by securityHeaders() before the page renders. */
export function cspNonce(c: Context<AppEnv>): string {
  const nonce = c.get("secureHeadersNonce");
  if (!nonce) throw new Error("No CSP nonce: securityHeaders() must run before the pages");
  return nonce;
}
