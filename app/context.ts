import type { StoreContext } from "../server/http/load-context";

/** The load context every loader and action receives, declared in server/http/load-context.ts (the server does not import app/). */
export type { StoreContext };

declare module "react-router" {
  interface AppLoadContext extends StoreContext {}
}
