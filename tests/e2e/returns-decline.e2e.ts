import { expectNoAxeViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { mailSubjects } from "./mailbox";
import { deliveredOrder, orderCard, requestReturn, SANDBOX, shoot } from "./returns-steps";
import { toast } from "./shop-steps";

/**
 * Declining a return (docs/decisions/052-return-requests.md): the order desk's, so at desktop width
 * only; the shopper's form at 390 px is returns.e2e.ts's.
 */
test("the administrator declines a return with a note the shopper reads", async ({ browser }, info) => {
  test.setTimeout(90_000);
  const { context, base, email, number, admin, desk, shopper } = await deliveredOrder(browser, info, "return-no");
  await shopper.goto("/orders");
  const card = orderCard(shopper, number);
  await requestReturn(shopper, info, card, "Changed colour in the wash");

  const request = desk.getByRole("region", { name: `Return requests of order ${number}` });
  await expect(request).toContainText("Return requested");
  // A decline needs its note: the browser asks for it before anything is sent.
  await request.getByRole("button", { name: "Decline" }).click();
  await expect(request.getByLabel("Note for the customer (why it is declined)")).toBeFocused();
  await request
    .getByLabel("Note for the customer (why it is declined)")
    .fill("Worn and washed: we cannot take it back.");
  await request.getByRole("button", { name: "Decline" }).click();
  await expect(toast(admin, "Return declined")).toBeVisible();
  await expect(request).toContainText("Return declined");
  await expect(request.getByRole("button", { name: "Approve and refund" })).toHaveCount(0);

  await expect(card.getByText("Return declined", { exact: true })).toBeVisible();
  await expect(card).toContainText("Why it was declined: Worn and washed: we cannot take it back.");
  await expect(card.getByText("Refunds")).toHaveCount(0);
  await shoot(shopper, info, "declined");
  await expectNoAxeViolations(shopper, "My Orders with a declined return");
  await expect
    .poll(() => mailSubjects(context.request, base, email))
    .toContain(`Return declined for your Threadline order ${number}${SANDBOX}`);
  await context.close();
  await admin.context().close();
});
