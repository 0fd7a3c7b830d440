import { describe, expect, it } from "vitest";
import { orderConfirmationEmail } from "./emails";

/** The confirmation prints the address as the screens do (domain/address-country.ts), per country. */
describe("orderConfirmationEmail's address", () => {
  const order = (shippingAddress: { city: string; state: string; zipCode: string; country: string }) =>
    orderConfirmationEmail(
      {
        id: "0b6f5c2e-1d0a-4c39-9a51-5d7e3f4c2a10",
        userEmail: "ada@example.com",
        userName: "Ada",
        items: [],
        subtotalCents: 8900,
        discountCents: 0,
        discountCode: null,
        taxCents: 890,
        shippingCents: 10,
        sandbox: false,
        shippingAddress: { name: "Ada Shopper", street: "1 High St", phone: "+44 20 7946 0000", ...shippingAddress },
      },
      "https://shop.example",
    );

  it.each([
    [
      { city: "Springfield", state: "IL", zipCode: "62701", country: "United States" },
      "Shipping to:\nAda Shopper\n1 High St\nSpringfield, IL 62701\nUnited States\n",
    ],
    [
      { city: "Ottawa", state: "ON", zipCode: "K1A 0B1", country: "Canada" },
      "Shipping to:\nAda Shopper\n1 High St\nOttawa ON K1A 0B1\nCanada\n",
    ],
    [
      { city: "London", state: "", zipCode: "SW1A 1AA", country: "United Kingdom" },
      "Shipping to:\nAda Shopper\n1 High St\nLondon\nSW1A 1AA\nUnited Kingdom\n",
    ],
  ])("%j", (address, printed) => {
    const mail = order(address);
    expect(mail.text).toContain(printed);
    expect(mail.html).toContain(
      printed.replace("Shipping to:\n", "Shipping to:<br>").replaceAll("\n", "<br>").replace(/<br>$/, "</p>"),
    );
  });
});
