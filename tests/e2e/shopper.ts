import { test as base } from "./fixtures";
import { sharedShopperState } from "./roles";

export {
  ADDRESS,
  emptySavedCart,
  newPerson as newShopper,
  PASSWORD,
  type StorageState,
  SHOPPER_FIRST_NAME,
} from "./roles";

/**
 * Tests as the worker's shared shopper: signed in once by the roles project (tests/e2e/roles.setup.ts)
 * with a first name and a default address, their saved cart emptied before each test. A test that
 * needs a person of its own makes one with `newShopper`.
 */
export const test = base.extend({
  storageState: async ({ playwright, baseURL }, use, info) =>
    use(await sharedShopperState(playwright, baseURL, info.parallelIndex)),
});
