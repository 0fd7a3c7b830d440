import { randomUUID } from "node:crypto";
import type { PaymentRequest } from "../../server/payments/providers/paypal/types";

/** A checkout as the providers get it: two lines (one with a picture), tax, shipping, an e-mail. */
export function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    checkoutId: randomUUID(),
    lines: [
      {
        productId: randomUUID(),
        title: "Linen dress",
        imageUrls: ["/media/products/1_linen-dress"],
        selectedSize: "M",
        color: "Sand",
        quantity: 2,
        unitPriceCents: 2550,
        lineTotalCents: 5100,
      },
      {
        productId: randomUUID(),
        title: "Scarf",
        imageUrls: [],
        selectedSize: null,
        color: null,
        quantity: 1,
        unitPriceCents: 999,
        lineTotalCents: 999,
      },
    ],
    subtotalCents: 6099,
    taxCents: 610,
    shippingCents: 10,
    totalCents: 6719,
    currency: "USD",
    shippingAddress: {
      name: "Ada",
      street: "1 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      country: "United States",
      phone: "555-0100",
    },
    customerEmail: "ada@example.com",
    createdAt: new Date(),
    ...overrides,
  };
}
