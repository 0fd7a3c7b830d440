import { afterEach } from "vitest";
import { assertNoContractViolations } from "./violations";

// Every test that talks to a fake PayPal or Stripe fails when a request or an answer broke the
// provider's document (tests/contracts/README.md).
afterEach(() => {
  assertNoContractViolations();
});
