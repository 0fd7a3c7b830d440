import { expectNoAxeViolations } from "./a11y";
import { expect, test, PHONE } from "./fixtures";
import { mailSubjects } from "./mailbox";
import { deliveredOrder, orderCard, requestReturn, SANDBOX, shoot } from "./returns-steps";
import { toast } from "./shop-steps";

/**
 * Returns a shopper asks for (docs/decisions/052-return-requests.md): the administrator walks a
 * paid order to Delivered on the order desk; the shopper asks for a return of one piece on My
 * Orders (at both widths: the form is the shopper's); the administrator approves it, and the
 * shopper sees it refunded, without the administrator's stock note; or declines it with a note the
 * shopper reads. Each step's email is checked in the local mailbox. The shopper's browser runs in
 * New York: dates still print in the shop's time zone, the same before and after hydration.
 */

test(
  "the shopper asks for a return, the administrator approves it, the shopper sees it refunded",
  PHONE,
  async ({ browser }, info) => {
    test.setTimeout(90_000);
    const { context, base, email, number, admin, desk, shopper } = await deliveredOrder(browser, info, "return-ok");
    const hydrationErrors: string[] = [];
    shopper.on("console", (m) => {
      if (m.type() === "error" && /hydrat|did not match/i.test(m.text())) hydrationErrors.push(m.text());
    });

    // The dates the server sent are the dates the hydrated page shows, in the shop's zone.
    const served = await (await context.request.get(`${base}/orders`)).text();
    const servedDate = /<time dateTime="[^"]+">([^<]+)<\/time>/.exec(served)?.[1];
    expect(servedDate).toMatch(/ UTC$/);
    await shopper.goto("/orders");
    const card = orderCard(shopper, number);
    await expect(card.locator("time").first()).toHaveText(servedDate as string);

    await requestReturn(shopper, info, card, "Too tight at the shoulders");
    await expect
      .poll(() => mailSubjects(context.request, base, email))
      .toContain(`Return requested for your Threadline order ${number}${SANDBOX}`);

    // The order desk shows it (live) with its answers.
    const request = desk.getByRole("region", { name: `Return requests of order ${number}` });
    await expect(request).toContainText("Return requested");
    await expect(request).toContainText("1 × E2E Return Shirt");
    await expect(request).toContainText("Too tight at the shoulders");
    await expect(request.getByRole("checkbox", { name: "Put back in stock" })).toBeChecked();
    // The Orders tab names the orders whose requests wait for an answer.
    await expect(
      admin.getByRole("region", { name: "Return requests waiting" }).getByRole("link", { name: `Order #${number}` }),
    ).toBeVisible();
    await shoot(admin, info, "desk-request");
    await expectNoAxeViolations(admin, "the order desk with a return request");
    await request.getByRole("button", { name: "Approve and refund $27.50" }).click();
    // 1 × $25.00 of $58.00 goods and $5.80 tax: $25.00 + $2.50.
    await expect(toast(admin, "Return approved and refunded: $27.50")).toBeVisible();
    await expect(request).toContainText("Refunded");
    await desk.getByRole("button", { name: "Show status history" }).click();
    await expect(
      desk.getByText("Returned: Wrong size — Refunded $27.50 for 1 × E2E Return Shirt; 1 piece back in stock."),
    ).toBeVisible();
    await expect(desk.getByRole("listitem").filter({ hasText: "Refunded for returned items" })).toContainText(
      "1 × E2E Return Shirt · back in stock",
    );

    // The shopper's page follows live: Refunded, the refund, and no word of the stock.
    await expect(card.getByRole("region", { name: "Returns" }).getByText("Refunded", { exact: true })).toBeVisible();
    await expect(card.getByRole("listitem").filter({ hasText: "Refunded for returned items" })).toContainText("$27.50");
    await expect(card.getByText("Returned: Wrong size — Refunded $27.50 for 1 × E2E Return Shirt.")).toBeVisible();
    await expect(card).not.toContainText("back in stock");
    // The rest may still be asked back.
    await expect(card.getByRole("button", { name: "Request a return" })).toBeVisible();
    await shoot(shopper, info, "refunded");
    await expectNoAxeViolations(shopper, "My Orders with a refunded return");
    await expect
      .poll(() => mailSubjects(context.request, base, email))
      .toEqual(
        expect.arrayContaining([
          `Return approved for your Threadline order ${number}${SANDBOX}`,
          `Refund for your Threadline order ${number}${SANDBOX}`,
        ]),
      );
    expect(hydrationErrors).toEqual([]);
    await context.close();
    await admin.context().close();
  },
);
