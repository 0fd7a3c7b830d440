import { createCatalogService } from "./catalog/service";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";
import { createMailService, type MailServiceOptions } from "./mail/service";
import type { ImageStorage } from "./storage/storage";

/** Everything routes and endpoints may use. Built once per process and handed to each request. */
export function createServices(deps: {
  database: DatabaseHandle;
  storage: ImageStorage;
  config: Config;
  logger: Logger;
  /** Mail worker timing and transport, for tests; production takes the defaults. */
  mail?: MailServiceOptions;
}) {
  const mail = createMailService({ db: deps.database.db, config: deps.config, logger: deps.logger }, deps.mail);
  return {
    catalog: createCatalogService(deps.database.db),
    mail,
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
