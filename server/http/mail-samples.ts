import { ORDER_STATUSES } from "../../domain/order-status";
import { passwordResetEmail, verificationEmail } from "../auth/emails";
import type { MailMessage } from "../mail/outbox";
import { trackingView } from "../../domain/tracking";
import { orderConfirmationEmail } from "../orders/emails";
import { newOrderOwnerEmail, returnRequestOwnerEmail } from "../orders/owner-emails";
import { refundEmail } from "../orders/refund-emails";
import { returnEmail } from "../orders/return-emails";
import { orderStatusEmail } from "../orders/status-emails";
import { backInStockEmail } from "../catalog/stock-alert-email";

/**
 * Every kind of e-mail the store sends, built with sample data: the mail preview
 * (/dev/mail-preview, mail-preview.ts) shows each, and server/mail/mail-kinds.unit.test.ts checks
 * each against the layout's rules with hostile sample data. A new e-mail adds its line here.
 */

/** What the samples are made of; the test passes names and addresses an attacker would choose. */
export interface MailSample {
  publicUrl: string;
  email: string;
  /** The name an order keeps (first and last name). */
  fullName: string;
  firstName: string | null;
  productTitle: string;
  /** A product picture's address (Product.imageUrls), e.g. the first product's in the catalogue. */
  picture: string;
  street: string;
  note: string;
}

export const DEFAULT_SAMPLE: Omit<MailSample, "publicUrl" | "picture"> = {
  email: "ada@example.com",
  fullName: "Ada Lovelace",
  firstName: "Ada",
  productTitle: "Linen Wrap Dress",
  street: "12 Analytical Row",
  note: "Packed with care.",
};

export interface MailKind {
  /** The address part: /dev/mail-preview/{id}. */
  id: string;
  label: string;
  /** Who reads it: a shopper (the sample's address, greeted by first name) or the owner (OWNER_EMAIL, "Hello,"). */
  audience?: "shopper" | "owner";
  build: (sample: MailSample) => MailMessage;
}

/** The owner's address in the samples (ADMIN_EMAIL in a running store). */
export const OWNER_EMAIL = "owner@threadline.example";

const ORDER_ID = "0b6f5c2e-1d0a-4c39-9a51-5d7e3f4c2a10";

function order(s: MailSample) {
  return {
    id: ORDER_ID,
    userEmail: s.email,
    userName: s.fullName,
    sandbox: false,
    paymentMethod: "stripe" as const,
    items: [
      {
        productId: "p1",
        title: s.productTitle,
        imageUrls: [s.picture],
        selectedSize: "M",
        color: "Sand",
        quantity: 2,
        priceCents: 75000,
      },
      {
        productId: "p2",
        title: "Leather Belt",
        imageUrls: [s.picture],
        selectedSize: null,
        color: null,
        quantity: 1,
        priceCents: 4500,
      },
    ],
    subtotalCents: 154500,
    discountCents: 15450,
    discountCode: "WELCOME10",
    taxCents: 13905,
    shippingCents: 0,
    shippingAddress: {
      name: s.fullName,
      street: s.street,
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      country: "United States",
      phone: "+1 217 555 0100",
    },
  };
}

const STATUS_LABELS: Record<(typeof ORDER_STATUSES)[number], string> = {
  placed: "Order placed",
  confirmed: "Order confirmed",
  processing: "Order processing",
  shipped: "Order shipped",
  out_for_delivery: "Order out for delivery",
  delivered: "Order delivered",
  cancelled: "Order cancelled",
};

export const MAIL_KINDS: MailKind[] = [
  {
    id: "verification",
    label: "Verify your email",
    build: (s) => verificationEmail(s.email, `${s.publicUrl}/api/auth/verify-email?token=sample`, 24, s.firstName),
  },
  {
    id: "password-reset",
    label: "Reset your password",
    build: (s) => passwordResetEmail(s.email, `${s.publicUrl}/reset-password?token=sample`, 60, s.firstName),
  },
  {
    id: "order-confirmation",
    label: "Order confirmation",
    build: (s) => orderConfirmationEmail(order(s), s.publicUrl),
  },
  {
    id: "order-confirmation-sandbox",
    label: "Order confirmation (sandbox)",
    build: (s) => orderConfirmationEmail({ ...order(s), sandbox: true }, s.publicUrl),
  },
  ...ORDER_STATUSES.map((status) => ({
    id: `status-${status.replaceAll("_", "-")}`,
    label: STATUS_LABELS[status],
    build: (s: MailSample) => orderStatusEmail(order(s), status, s.note, s.publicUrl),
  })),
  {
    id: "status-shipped-tracking",
    label: "Order shipped, with tracking",
    build: (s) =>
      orderStatusEmail(order(s), "shipped", s.note, s.publicUrl, trackingView("ups", "1Z 999 AA1 0123456784")),
  },
  ...(["cancellation", "partial_cancellation", "return"] as const).map((kind) => ({
    id: `refund-${kind.replaceAll("_", "-")}`,
    label: {
      cancellation: "Refund: order cancelled",
      partial_cancellation: "Refund: part cancelled",
      return: "Refund: return",
    }[kind],
    build: (s: MailSample) =>
      refundEmail(order(s), { kind, amountCents: 154500, pieces: `1 × ${s.productTitle}`, note: s.note }, s.publicUrl),
  })),
  ...(["requested", "approved", "declined"] as const).map((step) => ({
    id: `return-${step}`,
    label: { requested: "Return requested", approved: "Return approved", declined: "Return declined" }[step],
    build: (s: MailSample) =>
      returnEmail(order(s), step, { pieces: `1 × ${s.productTitle}`, reason: "wrong_size", note: s.note }, s.publicUrl),
  })),
  {
    id: "back-in-stock",
    label: "Back in stock (stock alert)",
    build: (s) =>
      backInStockEmail(
        {
          email: s.email,
          name: s.firstName ?? s.fullName,
          productId: "6f1c0a52-8c4b-4a39-9d3e-1f2a3b4c5d6e",
          productTitle: s.productTitle,
          choice: { size: "M", color: "Sand" },
        },
        s.publicUrl,
        "sample-user.sample-signature",
      ),
  },
  {
    id: "owner-new-order",
    label: "To the owner: new order",
    audience: "owner",
    build: (s) => newOrderOwnerEmail(order(s), OWNER_EMAIL, s.publicUrl),
  },
  {
    id: "owner-return-request",
    label: "To the owner: return requested",
    audience: "owner",
    build: (s) =>
      returnRequestOwnerEmail(
        order(s),
        { pieces: `1 × ${s.productTitle}`, reason: "wrong_size", details: s.note },
        OWNER_EMAIL,
        s.publicUrl,
      ),
  },
];
