import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AddressInput } from "../../domain/address-schema";
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

describe("addresses per country (docs/product.md §4 Addresses)", () => {
  const canadian = (extra: Partial<AddressInput> = {}) =>
    address("Studio", { city: "Ottawa", state: "ontario", zipCode: "k1a0b1", country: "Canada", ...extra });
  const british = (extra: Partial<AddressInput> = {}) =>
    address("Flat", { city: "London", state: "", zipCode: "sw1a1aa", country: "United Kingdom", ...extra });

  it.each([
    [
      "United States",
      address("Home", { state: "illinois", zipCode: "627011234" }),
      { state: "IL", zipCode: "62701-1234" },
    ],
    ["Canada", canadian(), { state: "ON", zipCode: "K1A 0B1" }],
    ["United Kingdom", british(), { state: "", zipCode: "SW1A 1AA" }],
    [
      "United Kingdom with a county",
      british({ state: " Kent ", zipCode: "CT1 2EH" }),
      { state: "Kent", zipCode: "CT1 2EH" },
    ],
  ])("stores a %s address in its normal spelling", async (_, input, stored) => {
    const saved = await accounts.addAddress(ada, input);
    expect(saved).toMatchObject({ ...stored, country: input.country });
    expect((await accounts.listAddresses(ada))[0]).toMatchObject(stored);
  });

  it.each([
    [
      "a UK address with a US ZIP",
      british({ state: "IL", zipCode: "62701" }),
      { zipCode: "Enter a UK postcode like SW1A 1AA" },
    ],
    [
      "a Canadian address with a US state",
      canadian({ state: "IL" }),
      { state: "Choose a province or territory from the list" },
    ],
    [
      "a US address with a UK postcode",
      address("Home", { zipCode: "SW1A 1AA" }),
      { zipCode: "Enter a 5-digit ZIP code, or ZIP+4 like 12345-6789" },
    ],
    ["a US address with no state", address("Home", { state: "" }), { state: "State is required" }],
    ["a Canadian address with no postal code", canadian({ zipCode: "" }), { zipCode: "Postal code is required" }],
    [
      "another country",
      address("Home", { country: "France" as never }),
      { country: "Choose United States, Canada or United Kingdom" },
    ],
    [
      "a huge street",
      address("Home", { street: "x".repeat(10_000) }),
      { street: "Must be at most 200 characters long" },
    ],
    ["a huge county", british({ state: "x".repeat(5_000) }), { state: "Must be at most 100 characters long" }],
    ["a huge postcode", british({ zipCode: "S".repeat(5_000) }), { zipCode: "Must be at most 12 characters long" }],
  ])("refuses %s, storing nothing", async (_, input, fields) => {
    const refusal = await accounts.addAddress(ada, input).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InvalidInputError);
    expect((refusal as InvalidInputError).fields).toMatchObject(fields);
    expect(await accounts.listAddresses(ada)).toEqual([]);
  });

  it("refuses an edit that breaks the new country's rules and keeps the address as it was", async () => {
    const home = await accounts.addAddress(ada, address("Home"));
    // Moving to Canada keeps "IL": not a province.
    await expect(accounts.updateAddress(ada, home.id, address("Home", { country: "Canada" }))).rejects.toBeInstanceOf(
      InvalidInputError,
    );
    expect((await accounts.listAddresses(ada))[0]).toMatchObject({
      state: "IL",
      zipCode: "62701",
      country: "United States",
    });
    const moved = await accounts.updateAddress(ada, home.id, canadian({ name: "Home" }));
    expect(moved).toMatchObject({ state: "ON", zipCode: "K1A 0B1", country: "Canada" });
  });

  it("a valid address under another user's id is still not found", async () => {
    const adaHome = await accounts.addAddress(ada, british());
    await expect(accounts.updateAddress(bob, adaHome.id, british({ city: "Leeds" }))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect((await accounts.listAddresses(ada))[0].city).toBe("London");
  });

  it("keeps rows stored before 0.4.0 (a state typed freely) readable, and lets them be made default or deleted", async () => {
    // As 0.3.0 stored them: the state as typed, the ZIP unchecked.
    await handle.db.insert(addresses).values([
      {
        userId: ada,
        name: "Old",
        createdAt: new Date("2026-01-01T00:00:00Z"),
        phone: "555 010 2030",
        street: "1 Elm",
        city: "Austin",
        state: "Texas",
        zipCode: "73301",
        country: "United States",
      },
      {
        userId: ada,
        name: "Older",
        createdAt: new Date("2026-01-02T00:00:00Z"),
        phone: "555 010 2030",
        street: "2 Elm",
        city: "Toronto",
        state: "ON",
        zipCode: "m5v3l9",
        country: "Canada",
      },
    ]);
    const list = await accounts.listAddresses(ada);
    expect(list.map((a) => [a.name, a.state, a.zipCode])).toEqual([
      ["Old", "Texas", "73301"],
      ["Older", "ON", "m5v3l9"],
    ]);
    await accounts.setDefaultAddress(ada, list[1].id);
    await accounts.deleteAddress(ada, list[0].id);
    // Saved again through the form, it is spelled the normal way.
    const older = await accounts.updateAddress(ada, list[1].id, canadian({ name: "Older", zipCode: "m5v3l9" }));
    expect(older).toMatchObject({ state: "ON", zipCode: "M5V 3L9", isDefault: true });
  });
});
