import { createAccountsService } from "./accounts/service";
import type { AuthOptions } from "./auth/auth";
import { createAuthService } from "./auth/service";
import { createPricingService } from "./cart/pricing";
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
  /** Rate-limit settings of the accounts, for tests. */
  auth?: AuthOptions;
}) {
  const db = deps.database.db;
  const mail = createMailService({ db, config: deps.config, logger: deps.logger }, deps.mail);
  return {
    catalog: createCatalogService(db),
    pricing: createPricingService(db),
    mail,
    auth: createAuthService({ db, config: deps.config, mail, logger: deps.logger }, deps.auth),
    accounts: createAccountsService(db),
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
