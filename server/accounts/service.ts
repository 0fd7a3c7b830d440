import { and, asc, eq, sql } from "drizzle-orm";
import type { ProfileInput } from "../../domain/account-schemas";
import { type AddressInput, addressSchema } from "../../domain/address-schema";
import { parseFields } from "../../domain/forms";
import { defaultAfterRemoval, MAX_ADDRESSES_PER_USER, newAddressIsDefault } from "../../domain/address-rules";
import { isUuid } from "../../domain/ids";
import type { Database } from "../db/client";
import { addresses, users } from "../db/schema";
import { InvalidInputError, NotFoundError } from "../../domain/errors";
import type { AddressView } from "../../domain/views";

export interface ProfileView {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

const addressColumns = {
  id: addresses.id,
  name: addresses.name,
  phone: addresses.phone,
  street: addresses.street,
  city: addresses.city,
  state: addresses.state,
  zipCode: addresses.zipCode,
  country: addresses.country,
  isDefault: addresses.isDefault,
};

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The address form's fields as the row's columns (the same for a new address and an edit),
 * checked again here: whoever calls, nothing the country's rules refuse is stored
 * (docs/product.md §4 Addresses), and the postal code and state are stored in their normal spelling.
 */
function addressRow(input: AddressInput) {
  const parsed = parseFields(addressSchema, input);
  if (!parsed.ok) throw new InvalidInputError(Object.values(parsed.errors)[0] ?? "Invalid address", parsed.errors);
  const { name, phone, street, city, state, zipCode, country } = parsed.data;
  return { name, phone, street, city, state, zipCode, country };
}

/**
 * The shopper's profile and address book. Every call is scoped to the signed-in user's id:
 * another user's address is simply not found. The address rules of docs/product.md §4 run in
 * one transaction per change under a lock on the user's row, so concurrent requests queue
 * instead of racing, and the partial unique index guarantees one default whatever happens.
 */
export function createAccountsService(db: Database) {
  /** Serialises address changes of one user; returns the user's addresses, oldest first. */
  async function lockAddressBook(tx: Tx, userId: string) {
    const locked = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!locked.length) throw new NotFoundError("User not found");
    return tx
      .select({ id: addresses.id, isDefault: addresses.isDefault })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.createdAt), asc(addresses.id));
  }

  async function makeDefault(tx: Tx, userId: string, id: string) {
    // Two statements: the unique index is checked row by row, so clearing comes first.
    await tx
      .update(addresses)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), sql`${addresses.id} <> ${id}`));
    await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
  }

  async function one(executor: Database | Tx, userId: string, id: string): Promise<AddressView> {
    const [row] = await executor
      .select(addressColumns)
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
    if (!row) throw new NotFoundError("Address not found");
    return row;
  }

  return {
    async profile(userId: string): Promise<ProfileView> {
      const [row] = await db
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) throw new NotFoundError("User not found");
      return { email: row.email, firstName: row.firstName ?? "", lastName: row.lastName ?? "", phone: row.phone ?? "" };
    },

    /** Only these three fields: the e-mail is fixed, and nothing else is taken from the form. */
    async updateProfile(userId: string, input: ProfileInput): Promise<ProfileView> {
      const updated = await db
        .update(users)
        .set({ firstName: input.firstName, lastName: input.lastName, phone: input.phone, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (!updated.length) throw new NotFoundError("User not found");
      return this.profile(userId);
    },

    listAddresses(userId: string): Promise<AddressView[]> {
      return db
        .select(addressColumns)
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id));
    },

    async addAddress(userId: string, input: AddressInput): Promise<AddressView> {
      const values = addressRow(input);
      return db.transaction(async (tx) => {
        const existing = await lockAddressBook(tx, userId);
        if (existing.length >= MAX_ADDRESSES_PER_USER) {
          throw new InvalidInputError(`You can save up to ${MAX_ADDRESSES_PER_USER} addresses.`);
        }
        const [row] = await tx
          .insert(addresses)
          .values({ userId, ...values, isDefault: false })
          .returning({ id: addresses.id });
        if (newAddressIsDefault(existing, input.isDefault)) await makeDefault(tx, userId, row.id);
        return one(tx, userId, row.id);
      });
    },

    async updateAddress(userId: string, id: string, input: AddressInput): Promise<AddressView> {
      if (!isUuid(id)) throw new NotFoundError("Address not found");
      const values = addressRow(input);
      return db.transaction(async (tx) => {
        await lockAddressBook(tx, userId);
        const updated = await tx
          .update(addresses)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
          .returning({ id: addresses.id });
        if (!updated.length) throw new NotFoundError("Address not found");
        // Unticking "default" on the default address is no change: there is always one default.
        if (input.isDefault) await makeDefault(tx, userId, id);
        return one(tx, userId, id);
      });
    },

    async setDefaultAddress(userId: string, id: string): Promise<AddressView> {
      if (!isUuid(id)) throw new NotFoundError("Address not found");
      return db.transaction(async (tx) => {
        const book = await lockAddressBook(tx, userId);
        if (!book.some((a) => a.id === id)) throw new NotFoundError("Address not found");
        await makeDefault(tx, userId, id);
        return one(tx, userId, id);
      });
    },

    async deleteAddress(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw new NotFoundError("Address not found");
      return db.transaction(async (tx) => {
        const book = await lockAddressBook(tx, userId);
        const removed = book.find((a) => a.id === id);
        if (!removed) throw new NotFoundError("Address not found");
        await tx.delete(addresses).where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
        const next = defaultAfterRemoval(
          book.filter((a) => a.id !== id),
          removed.isDefault,
        );
        if (next) await makeDefault(tx, userId, next);
      });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
