import type { Logger } from "../server/logger";
import type { PublicConfig, Services } from "../server/services";

/** What the server hands every loader and action (see server/http/app.ts). Types only: no server code reaches the browser. */
export interface StoreContext {
  services: Services;
  config: PublicConfig;
  requestId: string;
  logger: Logger;
  /** This response's Content-Security-Policy nonce, for inline scripts (app/entry.server.tsx). */
  cspNonce: string;
}

declare module "react-router" {
  interface AppLoadContext extends StoreContext {}
}
