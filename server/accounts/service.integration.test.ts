import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AddressInput } from "../../domain/account-schemas";
import { hasValidDefaults, MAX_ADDRESSES_PER_USER } from "../../domain/address-rules";
import { createTestDatabase } from "../../tests/helpers/database";
import type { DatabaseHandle } from "../db/client";
import { addresses, users } from "../db/schema";
import { type AccountsService, createAccountsService } from "./service";
import { InvalidInputError, NotFoundError } from "../../domain/errors";

let handle: DatabaseHandle;
let accounts: AccountsService;
let ada: string;
let bob: string;

const address = (name: string, extra: Partial<AddressInput> = {}): AddressInput => ({
  name,
  phone: "555 010 2030",
  street: `${name} Street 1`,
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
  country: "United States",
  isDefault: false,
  ...extra,
});

async function newUser(email: string) {
  const id = randomUUID();
  await handle.db.insert(users).values({ id, email, name: "", emailVerified: true });
  return id;
}

const defaults = async (userId: string) =>
  (await accounts.listAddresses(userId)).filter((a) => a.isDefault).map((a) => a.name);

beforeAll(async () => {
  handle = await createTestDatabase();
  accounts = createAccountsService(handle.db);
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(users);
  ada = await newUser("ada@example.com");
  bob = await newUser("bob@example.com");
});

describe("profile", () => {
  it("reads and updates first name, last name and phone; the e-mail stays", async () => {
    expect(await accounts.profile(ada)).toEqual({ email: "ada@example.com", firstName: "", lastName: "", phone: "" });
    const updated = await accounts.updateProfile(ada, {
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+44 20 7946 0000",
    });
    expect(updated).toEqual({
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+44 20 7946 0000",
    });
    expect((await accounts.profile(bob)).firstName).toBe("");
  });

  it("is not found for an unknown user", async () => {
    await expect(accounts.profile("nobody")).rejects.toBeInstanceOf(NotFoundError);
    await expect(accounts.updateProfile("nobody", { firstName: "", lastName: "", phone: "" })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe("address defaults (docs/product.md §4)", () => {
  it("makes the first address the default and later ones not", async () => {
    await accounts.addAddress(ada, address("Home"));
    await accounts.addAddress(ada, address("Work"));
    expect(await defaults(ada)).toEqual(["Home"]);
  });

  it("adding with 'default' ticked moves the default", async () => {
    await accounts.addAddress(ada, address("Home"));
    await accounts.addAddress(ada, address("Work", { isDefault: true }));
    expect(await defaults(ada)).toEqual(["Work"]);
  });

  it("setting a default clears it on the others", async () => {
    await accounts.addAddress(ada, address("Home"));
    const work = await accounts.addAddress(ada, address("Work"));
    await accounts.addAddress(ada, address("Gym"));
    await accounts.setDefaultAddress(ada, work.id);
    expect(await defaults(ada)).toEqual(["Work"]);
  });

  it("deleting the default makes the first remaining address the default", async () => {
    const home = await accounts.addAddress(ada, address("Home"));
    await accounts.addAddress(ada, address("Work"));
    await accounts.addAddress(ada, address("Gym"));
    await accounts.deleteAddress(ada, home.id);
    expect(await defaults(ada)).toEqual(["Work"]);
    expect((await accounts.listAddresses(ada)).map((a) => a.name)).toEqual(["Work", "Gym"]);
  });

  it("deleting another address keeps the default", async () => {
    await accounts.addAddress(ada, address("Home"));
    const work = await accounts.addAddress(ada, address("Work"));
    await accounts.deleteAddress(ada, work.id);
    expect(await defaults(ada)).toEqual(["Home"]);
  });

  it("editing keeps the default unless 'default' is ticked", async () => {
    const home = await accounts.addAddress(ada, address("Home"));
    const work = await accounts.addAddress(ada, address("Work"));
    await accounts.updateAddress(ada, home.id, address("Home 2"));
    expect(await defaults(ada)).toEqual(["Home 2"]);
    await accounts.updateAddress(ada, work.id, address("Work 2", { isDefault: true }));
    expect(await defaults(ada)).toEqual(["Work 2"]);
  });

  it("the database refuses a second default even if a bug tried one", async () => {
    await accounts.addAddress(ada, address("Home"));
    await expect(
      handle.db.insert(addresses).values({ ...address("Rogue"), userId: ada, isDefault: true }),
    ).rejects.toThrow();
  });

  it("never has two defaults under concurrent changes", async () => {
    const added = await Promise.all(Array.from({ length: 8 }, (_, i) => accounts.addAddress(ada, address(`A${i}`))));
    expect(await defaults(ada)).toHaveLength(1);
    await Promise.all([
      ...added.map((a) => accounts.setDefaultAddress(ada, a.id)),
      accounts.deleteAddress(ada, added[0].id),
      accounts.deleteAddress(ada, added[1].id),
      accounts.addAddress(ada, address("Late", { isDefault: true })),
    ]).catch((error) => {
      // Setting a default on an address deleted in the same burst is "not found"; nothing else may fail.
      if (!(error instanceof NotFoundError)) throw error;
    });
    const list = await accounts.listAddresses(ada);
    expect(hasValidDefaults(list)).toBe(true);
  });
});

describe("ownership", () => {
  it("another user's address is not found for reading, changing or deleting", async () => {
    const adaHome = await accounts.addAddress(ada, address("Home"));
    await expect(accounts.updateAddress(bob, adaHome.id, address("Mine now"))).rejects.toBeInstanceOf(NotFoundError);
    await expect(accounts.setDefaultAddress(bob, adaHome.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(accounts.deleteAddress(bob, adaHome.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await accounts.listAddresses(bob)).toEqual([]);
    expect((await accounts.listAddresses(ada))[0]).toMatchObject({ name: "Home", isDefault: true });
  });

  it("an id that is not a UUID is not found", async () => {
    await expect(accounts.deleteAddress(ada, "1; drop table addresses")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("addresses go with their user", async () => {
    await accounts.addAddress(ada, address("Home"));
    await handle.db.delete(users).where(eq(users.id, ada));
    expect(await handle.db.select().from(addresses)).toEqual([]);
  });
});

describe("limits", () => {
  it(`keeps at most ${MAX_ADDRESSES_PER_USER} addresses`, async () => {
    for (let i = 0; i < MAX_ADDRESSES_PER_USER; i++) await accounts.addAddress(ada, address(`A${i}`));
    await expect(accounts.addAddress(ada, address("One too many"))).rejects.toBeInstanceOf(InvalidInputError);
  });
});
