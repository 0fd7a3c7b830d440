import { createCatalogService } from "./catalog/service";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";
import type { ImageStorage } from "./storage/storage";

/** Everything routes and endpoints may use. Built once per process and handed to each request. */
export function createServices(deps: { database: DatabaseHandle; storage: ImageStorage; config: Config; logger: Logger }) {
  return {
    catalog: createCatalogService(deps.database.db),
  };
}

export type Services = ReturnType<typeof createServices>;

/** The configuration a page may see: nothing secret. */
export function publicConfig(config: Config) {
  return {
    publicUrl: config.publicUrl,
    googleSignIn: Boolean(config.google),
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
