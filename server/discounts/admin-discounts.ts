import { desc, eq } from "drizzle-orm";
import type { DiscountForm } from "../../domain/discount-schemas";
import { type DiscountView, discountFormMessages } from "../../domain/discounts";
import { ConflictError, InvalidInputError, NotFoundError } from "../../domain/errors";
import { isUuid } from "../../domain/ids";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { discountCodes } from "../db/schema";
import type { DiscountRow } from "./codes";

/** A stored code as the Discounts tab shows it. */
export function toDiscountView(row: DiscountRow): DiscountView {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountCents: row.amountCents,
    minSubtotalCents: row.minSubtotalCents,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    totalLimit: row.totalLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
    usedCount: row.usedCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** PostgreSQL's unique_violation, however deep Drizzle wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

/**
 * The administrator's discount codes (the Discounts tab). Forms arrive validated by
 * discountFormSchema; the database's checks stand behind it. A code is never deleted (orders
 * name it): it is switched off. Each change is a log line (with the acting account and the
 * request, server/request-scope.ts).
 */
export function createAdminDiscountsService(deps: { db: Database; logger: Logger }) {
  const { db } = deps;
  const log = deps.logger.child({ component: "admin-discounts" });

  async function byId(id: string): Promise<DiscountRow> {
    if (!isUuid(id)) throw new NotFoundError("Discount code not found");
    const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
    if (!row) throw new NotFoundError("Discount code not found");
    return row;
  }

  const codeTaken = () => new ConflictError(discountFormMessages.codeTaken);

  return {
    async list(): Promise<DiscountView[]> {
      const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
      return rows.map(toDiscountView);
    },

    async get(id: string): Promise<DiscountView> {
      return toDiscountView(await byId(id));
    },

    async create(form: DiscountForm): Promise<DiscountView> {
      try {
        const [row] = await db.insert(discountCodes).values(form).returning();
        log.info({ discountId: row.id, code: row.code }, "discount code created");
        return toDiscountView(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
    },

    /** Changes a code; its uses so far stay. A total limit below them is refused. */
    async update(id: string, form: DiscountForm): Promise<DiscountView> {
      const current = await byId(id);
      if (form.totalLimit !== null && form.totalLimit < current.usedCount) {
        throw new InvalidInputError(discountFormMessages.limitBelowUses, {
          totalLimit: discountFormMessages.limitBelowUses,
        });
      }
      try {
        const [row] = await db
          .update(discountCodes)
          .set({ ...form, updatedAt: new Date() })
          .where(eq(discountCodes.id, id))
          .returning();
        if (!row) throw new NotFoundError("Discount code not found");
        log.info({ discountId: row.id, code: row.code }, "discount code changed");
        return toDiscountView(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
    },

    /** Switches a code on or off. */
    async setActive(id: string, active: boolean): Promise<DiscountView> {
      await byId(id);
      const [row] = await db
        .update(discountCodes)
        .set({ active, updatedAt: new Date() })
        .where(eq(discountCodes.id, id))
        .returning();
      log.info({ discountId: row.id, code: row.code, active }, `discount code switched ${active ? "on" : "off"}`);
      return toDiscountView(row);
    },
  };
}

export type AdminDiscountsService = ReturnType<typeof createAdminDiscountsService>;
