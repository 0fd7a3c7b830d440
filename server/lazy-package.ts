import { createRequire } from "node:module";

const requireHere = createRequire(import.meta.url);

/**
 * Packages the store needs only sometimes: each costs megabytes of memory once loaded, for the
 * whole life of the process, so it is loaded the first time it is needed instead of at start
 * (decision 026, docs/performance.md "Memory"). Stripe's SDK only with STRIPE_SECRET_KEY, the S3
 * client only with S3_BUCKET, nodemailer only with SMTP_URL, sharp at the first picture drawn or
 * uploaded. The rest of the code imports their types only (`import type`); the unit test keeps
 * it that way.
 */
export const LAZY_PACKAGES = ["stripe", "@aws-sdk/client-s3", "nodemailer", "sharp"] as const;

export type LazyPackage = (typeof LAZY_PACKAGES)[number];

/** A loader of one of LAZY_PACKAGES: the package is required at the first call, then kept. */
export function lazyPackage<T>(name: LazyPackage | (string & {})): () => T {
  let loaded: { module: T } | undefined;
  return () => {
    loaded ??= { module: requireHere(name) as T };
    return loaded.module;
  };
}
