import type { Logger } from "../logger";
import type { PublicConfig, Services } from "../services";

/**
 * What the server hands every loader and action (see server/http/app.ts). app/context.ts makes
 * it React Router's AppLoadContext. Types only: no server code reaches the browser.
 */
export interface StoreContext {
  services: Services;
  config: PublicConfig;
  requestId: string;
  logger: Logger;
  /** This response's Content-Security-Policy nonce, for inline scripts (app/entry.server.tsx). */
  cspNonce: string;
}
