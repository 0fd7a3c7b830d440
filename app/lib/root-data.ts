import { useRouteLoaderData } from "react-router";
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
