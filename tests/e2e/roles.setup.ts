import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test as setup } from "@playwright/test";
import {
  ADMIN,
  newPerson,
  OWNER_STATE,
  SHOPPER_FIRST_NAME,
  SHOPPER_SLOTS,
  type StorageState,
  shopperStateFile,
  signUpAndIn,
} from "./roles";

/**
 * The `roles` project (tests/e2e/playwright.config.ts), run once before the others: the owner
 * (ADMIN_EMAIL of the e2e store) and one shopper per worker sign in through the store's own endpoints,
 * and their cookies are saved for every test (tests/e2e/roles.ts).
 */

function save(file: string, state: StorageState) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ cookies: state.cookies, origins: [] }));
}

setup("the owner signs in once", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await signUpAndIn(context.request, String(baseURL), ADMIN, { existing: true });
  save(OWNER_STATE, await context.storageState());
  await context.close();
});

setup("one shopper per worker signs in once, with a first name and a default address", async ({ browser, baseURL }) => {
  for (let slot = 0; slot < SHOPPER_SLOTS; slot++) {
    const context = await browser.newContext();
    const { state } = await newPerson(context, String(baseURL), {
      label: `shopper-${slot}`,
      firstName: SHOPPER_FIRST_NAME,
      address: true,
    });
    save(shopperStateFile(slot), state);
    await context.close();
  }
});
