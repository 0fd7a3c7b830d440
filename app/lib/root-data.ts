import { useRouteLoaderData } from "react-router";
import { DEFAULT_TIME_ZONE } from "../../domain/dates";
import type { PublicConfig } from "../../server/services";
import type { FlashToast } from "./flash";

/*
 * The root loader's data (app/root.tsx), here so the header, the product pieces and the live
 * updates can read it without importing the root route (which imports them: a cycle).
 */

/** The signed-in shopper as every page sees it: no tokens, nothing secret. */
export interface RootUser {
  id: string;
  email: string;
  firstName?: string;
  isAdmin: boolean;
}

export interface RootData {
  user: RootUser | null;
  config: PublicConfig;
  /** A one-shot message left by the page that redirected here. */
  toast: FlashToast | null;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/** The shop's time zone (SHOP_TIME_ZONE) from the root loader's public config; UTC before it is known. */
export function useShopTimeZone(): string {
  return useRootData()?.config.timeZone ?? DEFAULT_TIME_ZONE;
}
