import { useFetcher } from "react-router";
import type { FieldErrors } from "../../../domain/forms";
import { AddressForm } from "~/components/account/address-form";
import { type ActionToast, useActionToast } from "~/lib/use-action-toast";
import { StatePanel } from "./checkout-panels";

interface AddressAnswer {
  ok?: boolean;
  errors?: FieldErrors;
  formError?: string;
  toast?: ActionToast;
}

/**
 * A shopper with no address adds one here and goes on paying (docs/product.md §2 Checkout): the
 * form of My Addresses, posted to its action, so the same rules and the same accounts service
 * save it. Once saved, the checkout's loader runs again and the checkout itself replaces this.
 */
export function CheckoutNewAddress() {
  const fetcher = useFetcher<AddressAnswer>();
  const answer = fetcher.data;
  useActionToast(answer);
  return (
    <div className="mx-auto max-w-2xl px-4 pb-16 sm:px-6">
      <StatePanel
        icon="pin"
        title="Shipping address required"
        text="Please add a shipping address before checkout."
        followed
      />
      <AddressForm
        as={fetcher.Form}
        action="/addresses"
        title="Add a shipping address"
        alwaysDefault
        busy={fetcher.state !== "idle"}
        errors={answer?.ok ? undefined : answer?.errors}
        formError={answer?.ok ? undefined : answer?.formError}
      />
    </div>
  );
}
