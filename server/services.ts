import { createAccountsService } from "./accounts/service";
import type { AuthOptions } from "./auth/auth";
import { createAuthService } from "./auth/service";
import { createThrottle } from "./limits/throttle";
import { createPricingService } from "./cart/pricing";
import { createSavedCartService } from "./cart/saved-carts";
import { createAdminCatalogService } from "./catalog/admin-products";
import { createCachedCatalog } from "./catalog/cached-catalog";
import { createSearchSynonymsService } from "./catalog/search-synonyms";
import { createCatalogService } from "./catalog/service";
import { createStockAlertsService } from "./catalog/stock-alerts";
import { createResumableUploads } from "./catalog/resumable-uploads";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import { createAdminDiscountsService } from "./discounts/admin-discounts";
import { createDiscountPricing } from "./discounts/apply";
import { createEventsService } from "./events/service";
import type { Logger } from "./logger";
import { createHousekeeping, type HousekeepingOptions } from "./housekeeping/housekeeping";
import { createAdminMailService } from "./mail/admin-mail";
import { createMailService, type MailServiceOptions } from "./mail/service";
import { createAdminOrdersService } from "./orders/admin-orders";
import { createRefundsService } from "./orders/refunds";
import { createReturnsService } from "./orders/returns";
import { createAdminOverviewService } from "./orders/admin-overview";
import { createOrdersService } from "./orders/service";
import { createPaymentsService, type PaymentsOptions } from "./payments/service";
import { createReviewsService } from "./reviews/service";
import { createSizeGuidesService } from "./catalog/size-guides";
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
  /** Payment providers and reconciliation timing, for tests. */
  payments?: PaymentsOptions;
  /** Housekeeping timing and batch size, for tests. */
  housekeeping?: HousekeepingOptions;
}) {
  const db = deps.database.db;
  const mail = createMailService({ db, config: deps.config, logger: deps.logger }, deps.mail);
  const pricing = createPricingService(db);
  const discounts = createDiscountPricing({ db });
  const accounts = createAccountsService(db);
  // The "Notify me" e-mails a restock queues carry the store's address and a link signed with its secret (decision 061).
  const restock = { publicUrl: deps.config.publicUrl, secret: deps.config.authSecret };
  const throttle = createThrottle(db);
  const stockAlerts = createStockAlertsService({ db, throttle, restock, wakeMail: () => mail.worker.wake() });
  const events = createEventsService({ database: deps.database, logger: deps.logger });
  const savedCarts = createSavedCartService({ db, pricing });
  // Resumable picture uploads (tus at /api/uploads, decision 057); a save turns them into images.
  const uploads = createResumableUploads({ dir: deps.config.uploadDir, database: deps.database, logger: deps.logger });
  const ordersDeps = {
    db,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
    wakeMail: () => mail.worker.wake(),
    publish: events.publish,
    // The owner's e-mails (new orders, return requests) go to the administrator's address (decision 054).
    ownerEmail: deps.config.adminEmail,
    restock,
  };
  const orders = createOrdersService({
    ...ordersDeps,
    // A paid order's lines leave the shopper's saved cart on every device (decision 050).
    afterOrderPlaced: (order) => savedCarts.removeBought(order.userId, order.items),
  });
  const payments = createPaymentsService(
    { db, config: deps.config, logger: deps.logger, pricing, discounts, accounts, orders },
    deps.payments,
  );
  // Cancellations and returns give money back through the provider that took it (decision 033).
  const refunds = createRefundsService({ ...ordersDeps, refundPayment: (payment) => payments.refundPayment(payment) });
  return {
    // Visitors' and shoppers' catalogue reads, kept until a product or review notice (decision 024).
    catalog: createCachedCatalog(createCatalogService(db), events),
    // The owner's search synonyms (decision 059); a change empties the catalogue caches everywhere.
    searchSynonyms: createSearchSynonymsService({ db, publish: events.publish }),
    pricing,
    savedCarts,
    discounts,
    adminDiscounts: createAdminDiscountsService({ db, logger: deps.logger }),
    mail,
    adminMail: createAdminMailService({ db, logger: deps.logger, wakeMail: () => mail.worker.wake() }),
    housekeeping: createHousekeeping(
      {
        db,
        logger: deps.logger,
        mailRetentionDays: deps.config.mailRetentionDays,
        stockAlerts,
        purgeUploads: () => uploads.purgeExpired(),
      },
      deps.housekeeping,
    ),
    auth: createAuthService(
      { db, config: deps.config, mail, logger: deps.logger, onSessionEnded: events.endSession },
      deps.auth,
    ),
    accounts,
    orders,
    adminCatalog: createAdminCatalogService({
      db,
      storage: deps.storage,
      uploads,
      logger: deps.logger,
      publish: events.publish,
      restock,
      wakeMail: () => mail.worker.wake(),
    }),
    uploads,
    adminOrders: createAdminOrdersService({
      db,
      publicUrl: deps.config.publicUrl,
      logger: deps.logger,
      wakeMail: () => mail.worker.wake(),
      publish: events.publish,
      refunds,
    }),
    refunds,
    // Size guides per category (decision 060): a saved guide announces its category's products.
    sizeGuides: createSizeGuidesService({ db, logger: deps.logger, publish: events.publish }),
    // The Overview's sales chart, "To do" figures and low stock (decision 053).
    adminOverview: createAdminOverviewService({ db }),
    // Return requests: the shopper asks, the administrator approves (through refunds) or declines (decision 052).
    returns: createReturnsService({ ...ordersDeps, refunds }),
    events,
    reviews: createReviewsService({ db, logger: deps.logger, publish: events.publish, throttle }),
    // "Notify me" requests for sold-out sizes and colours, their restock e-mails and unsubscribe (decision 061).
    stockAlerts,
    payments,
  };
}

export type Services = ReturnType<typeof createServices>;

/** The configuration a page may see: nothing secret. */
export function publicConfig(config: Config) {
  return {
    publicUrl: config.publicUrl,
    googleSignIn: Boolean(config.google),
    /** The shop's time zone (SHOP_TIME_ZONE): every page prints dates in it. */
    timeZone: config.timeZone,
    /** Which payment providers are live ("sandbox" when their keys are unset); the ids here are public by design. */
    payments: {
      wallet: config.paypal ? ("paypal" as const) : ("sandbox" as const),
      card: config.stripe ? ("stripe" as const) : ("sandbox" as const),
      paypalClientId: config.paypal?.clientId ?? null,
      stripePublishableKey: config.stripe?.publishableKey ?? null,
    },
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
