import { describe, expect, it } from "vitest";
import { paymentEndpoints } from "./payment-endpoints";
import type { z } from "./zod";

/** The spec's endpoints keep their paths and the fields it lists for their answers (docs/product.md §7). */
describe("paymentEndpoints", () => {
  it.each([
    ["createWalletOrder", "/api/create-paypal-order", ["id"]],
    ["captureWalletOrder", "/api/capture-paypal-order", ["status", "id"]],
    ["createCardSession", "/api/create-stripe-session", ["id", "url"]],
    ["verifyWalletOrder", "/api/verify-paypal-order", ["status", "id"]],
  ] as const)("%s is POST %s and its answer requires %j", (name, path, fields) => {
    const endpoint = paymentEndpoints[name];
    expect(endpoint.path).toBe(path);
    const shape: Record<string, z.ZodType> = endpoint.answer.shape;
    for (const field of fields) expect(shape[field]?.safeParse(undefined).success, field).toBe(false);
  });
});
