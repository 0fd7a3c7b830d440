import { describe, expect, it } from "vitest";
import { trackingView } from "../../domain/tracking";
import { newOrderOwnerEmail, returnRequestOwnerEmail } from "./owner-emails";
import { orderStatusEmail } from "./status-emails";

const ID = "0b6f5c2e-1d0a-4c39-9a51-5d7e3f4c2a10";
const order = {
  id: ID,
  userEmail: "ada@example.com",
  userName: "Ada <Lopez>",
  items: [{ quantity: 2 }, { quantity: 1 }] as never,
  subtotalCents: 8900,
  discountCents: 0,
  taxCents: 890,
  shippingCents: 10,
  sandbox: false,
};

describe("the owner's e-mails", () => {
  it.each([
    [false, "New order 3F4C2A10: $98.00"],
    [true, "New order 3F4C2A10: $98.00 (sandbox, no real money)"],
  ])("a new order, sandbox %s", (sandbox, subject) => {
    const mail = newOrderOwnerEmail({ ...order, sandbox }, "owner@shop.example", "https://shop.example");
    expect(mail.to).toBe("owner@shop.example");
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain("Ada <Lopez> (ada@example.com) placed order 3F4C2A10: 3 pieces, $98.00.");
    expect(mail.text).toContain(`Open the order: https://shop.example/admin?tab=orders&order=${ID}`);
    expect(mail.html).toContain("Ada &lt;Lopez&gt;");
    expect(mail.html).toContain(`href="https://shop.example/admin?tab=orders&amp;order=${ID}"`);
  });

  it("a return request", () => {
    const mail = returnRequestOwnerEmail(
      order,
      { pieces: "1 × Linen Shirt", reason: "damaged", details: "Torn <seam>" },
      "owner@shop.example",
      "https://shop.example",
    );
    expect(mail.subject).toBe("Return requested for order 3F4C2A10");
    expect(mail.text).toContain("asks to return 1 × Linen Shirt of order 3F4C2A10.");
    expect(mail.text).toContain("Reason: Arrived damaged — Torn <seam>");
    expect(mail.html).toContain("Torn &lt;seam&gt;");
  });
});

describe("the shipped e-mail's tracking line", () => {
  it.each([
    [null, null, null],
    ["ups", "1Z 999 AA1", "Tracking: UPS 1Z 999 AA1 (https://www.ups.com/track?tracknum=1Z999AA1)"],
    ["other", "ABCD 1234", "Tracking: Other ABCD 1234"],
  ])("%s %s", (carrier, number, line) => {
    const mail = orderStatusEmail(
      order,
      "shipped",
      "Order shipped",
      "https://shop.example",
      trackingView(carrier, number),
    );
    if (line) expect(mail.text.split("\n")).toContain(line);
    else expect(mail.text).not.toContain("Tracking");
    if (carrier === "ups")
      expect(mail.html).toMatch(
        /Tracking: UPS <a href="https:\/\/www\.ups\.com\/track\?tracknum=1Z999AA1"[^>]*>1Z 999 AA1<\/a>/,
      );
  });
});
