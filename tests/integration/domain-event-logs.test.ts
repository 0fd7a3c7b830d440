import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger";
import { ADMIN, type AdminTest, placeOrder, startAdminTest } from "../helpers/admin";
import { userByEmail } from "../helpers/accounts";
import { codeById } from "../helpers/discounts";
import { insertProducts } from "../helpers/products";
import { CANCEL_CONFIRMATION } from "../../domain/order-cancel";

/**
 * Issue 22, item 5: the log lines of what an administrator changes (an order's status, a refund,
 * a product, a discount code) say who did it and in which request: the acting account's id and
 * the request's id, the same id as the request's own line and its X-Request-Id header.
 */

type Line = Record<string, unknown> & { msg: string };
const lines: Line[] = [];
let test: AdminTest;
let adminId: string;

beforeAll(async () => {
  test = await startAdminTest({
    logger: createLogger("info", { write: (line: string) => lines.push(JSON.parse(line)) }),
  });
  adminId = (await userByEmail(test.database, ADMIN)).id;
});
afterAll(async () => {
  await test?.stop();
});

/** Posts an admin form and gives the lines its request wrote, by the id in its X-Request-Id. */
async function adminPost(fields: Record<string, string>) {
  const res = await test.admin.postForm("/admin", fields);
  expect(res.status).toBe(200);
  const requestId = res.headers.get("x-request-id");
  expect(requestId).toBeTruthy();
  return { requestId, lines: lines.filter((line) => line.requestId === requestId) };
}

function expectEvent(own: { requestId: string | null; lines: Line[] }, msg: string | RegExp) {
  const event = own.lines.find((line) => (typeof msg === "string" ? line.msg === msg : msg.test(line.msg)));
  expect(event, `${msg} in ${JSON.stringify(own.lines)}`).toBeDefined();
  expect(event).toMatchObject({ requestId: own.requestId, accountId: adminId });
  // The request's own line has the same id.
  expect(own.lines.some((line) => line.msg === "request" && line.status === 200)).toBe(true);
  return event;
}

describe("domain events in the log", () => {
  it("an order's status change and a cancellation's refund name the administrator and the request", async () => {
    const [product] = await insertProducts(test.database.db, [
      { title: "Logged Dress", priceCents: 2500, stockCount: 9 },
    ]);
    const order = await placeOrder(test, test.shopperId, { ...product, imageUrls: [], priceCents: 2500 });
    const moved = await adminPost({
      intent: "update-status",
      orderId: order.id,
      from: "placed",
      to: "processing",
      note: "",
    });
    expect(expectEvent(moved, "order status changed")).toMatchObject({
      orderId: order.id,
      from: "placed",
      to: "processing",
    });

    const cancelled = await adminPost({
      intent: "update-status",
      orderId: order.id,
      from: "processing",
      to: "cancelled",
      note: "",
      [CANCEL_CONFIRMATION.name]: CANCEL_CONFIRMATION.value,
    });
    expect(expectEvent(cancelled, /refund/)).toMatchObject({ orderId: order.id });
  });

  it("a product deleted names them", async () => {
    const [product] = await insertProducts(test.database.db, [
      { title: "Short-lived Shirt", priceCents: 1500, stockCount: 1 },
    ]);
    const deleted = await adminPost({ intent: "delete-product", productId: product.id });
    expect(expectEvent(deleted, "product deleted")).toMatchObject({ productId: product.id });
  });

  it("a discount code created, changed and switched off names them", async () => {
    const form = {
      intent: "save-discount",
      code: "LOGGED10",
      kind: "percent",
      value: "10",
      minSubtotal: "",
      startsAt: "2026-03-01",
      endsAt: "",
      totalLimit: "",
      perCustomerLimit: "",
      active: "on",
    };
    const created = await adminPost(form);
    const createdLine = expectEvent(created, "discount code created");
    expect(createdLine).toMatchObject({ code: "LOGGED10" });
    const discountId = createdLine?.discountId as string;
    expect((await codeById(test.database, discountId))?.code).toBe("LOGGED10");

    const changed = await adminPost({ ...form, discountId, value: "15" });
    expect(expectEvent(changed, "discount code changed")).toMatchObject({ discountId, code: "LOGGED10" });

    const off = await adminPost({ intent: "toggle-discount", discountId, active: "false" });
    expect(expectEvent(off, "discount code switched off")).toMatchObject({
      discountId,
      code: "LOGGED10",
      active: false,
    });
  });

  it("lines outside a request carry no request id", () => {
    expect(lines.filter((line) => line.msg === "order placed")).not.toEqual([]);
    expect(lines.filter((line) => line.msg === "order placed").every((line) => line.requestId === undefined)).toBe(
      true,
    );
  });
});
