import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { formatMoney } from "../../domain/money";
import { SandboxFrame } from "~/components/checkout/sandbox-frame";
import { actOnSandboxPage, loadSandboxPage } from "~/lib/sandbox-page.server";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/sandbox-checkout";

/**
 * The sandbox's hosted checkout page: what Stripe Checkout is to a real card payment. Pay runs
 * the same fulfilment as Stripe's webhook and the success page; Cancel closes the session.
 * Only the shopper who started the checkout sees it, and only while the sandbox is in use.
 */

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadSandboxPage(request, context, async (viewer) => ({
    session: await context.services.payments.card.sandboxSession(viewer, params.id),
  }));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const card = context.services.payments.card;
  return actOnSandboxPage(
    request,
    context,
    async (viewer) => {
      // Someone else's session is not found, whatever the form asks for.
      await card.sandboxSession(viewer, params.id);
      const intent = (await request.formData()).get("intent");
      if (intent === "pay") return redirect((await card.paySandbox(viewer, params.id)).redirectTo);
      if (intent === "cancel") return redirect((await card.cancelSandbox(viewer, params.id)).redirectTo);
      return data({ error: "Choose Pay or Cancel." }, { status: 400 });
    },
    (error) => ({ error }),
  );
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** A refusal (409: paid or closed meanwhile) changes what the page should offer: read the session again. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export function meta() {
  return [...pageMeta("Checkout (sandbox)"), { name: "robots", content: "noindex" }];
}

export default function SandboxCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { session } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const paying = submitting && navigation.formData?.get("intent") === "pay";
  const open = session.status === "open" && session.checkoutStatus === "pending";

  return (
    <SandboxFrame
      provider={<span className="text-white">Stripe Checkout (sandbox)</span>}
      accent="bg-[#635bff]"
      amountLabel="Pay Threadline"
      lines={session.lines}
      totals={session}
    >
      {open ? (
        <Form method="post" replace className="space-y-3">
          {actionData?.error && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
              {actionData.error}
            </p>
          )}
          <div className="rounded-xl border border-dashed border-stone-300 bg-stone-50 p-4 text-sm text-stone-600">
            Test card •••• 4242 — no card details are needed in the sandbox.
          </div>
          <button
            type="submit"
            name="intent"
            value="pay"
            disabled={submitting}
            className="flex h-12 w-full items-center justify-center rounded-full bg-[#635bff] px-6 text-base font-semibold text-white transition-colors hover:bg-[#5149e6] disabled:cursor-not-allowed disabled:opacity-60"
          >
            {paying ? "Processing..." : `Pay ${formatMoney(session.totalCents)}`}
          </button>
          <button
            type="submit"
            name="intent"
            value="cancel"
            disabled={submitting}
            className="flex h-12 w-full items-center justify-center rounded-full border border-stone-300 px-6 text-base font-semibold text-ink transition-colors hover:border-ink disabled:opacity-60"
          >
            Cancel
          </button>
        </Form>
      ) : (
        <div className="space-y-3 text-center text-sm text-stone-700">
          {actionData?.error && (
            <p role="alert" className="rounded-xl bg-amber-50 p-3 text-amber-900">
              {actionData.error}
            </p>
          )}
          <p role="status">
            {session.checkoutStatus === "completed"
              ? "This checkout session is already paid."
              : "This checkout session is no longer open. Please start again from your cart."}
          </p>
          <Link
            to={
              session.checkoutStatus === "completed"
                ? `/payment-success?session_id=${encodeURIComponent(session.id)}`
                : "/checkout"
            }
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            {session.checkoutStatus === "completed" ? "See your confirmation" : "Return to Checkout"}
          </Link>
        </div>
      )}
    </SandboxFrame>
  );
}
