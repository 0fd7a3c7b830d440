import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { addressesReturnPath } from "../../domain/address-rules";
import { addressSchema } from "../../domain/address-schema";
import { type FieldErrors, formFields, parseFields } from "../../domain/forms";
import { messages } from "../../domain/messages";
import { AccountLayout } from "~/components/account/account-layout";
import { AddressForm } from "~/components/account/address-form";
import { PostalAddress } from "~/components/account/postal-address";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { actionButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { refusalOf } from "~/lib/page-failure.server";
import { pageMeta } from "~/lib/store";
import { actionToast, type ActionToast, useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/addresses";

export const meta = () => [...pageMeta("My Addresses"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.services.auth.requireUser(request);
  // Reached from the checkout (?from=checkout): a way back to it; any other value is ignored.
  const returnPath = addressesReturnPath(new URL(request.url).searchParams.get("from"));
  return { addresses: await context.services.accounts.listAddresses(viewer.id), returnPath };
}

type Intent = "create" | "update" | "set-default" | "delete";

interface AddressResult {
  intent?: Intent;
  ok?: boolean;
  errors?: FieldErrors;
  formError?: string;
  toast?: ActionToast;
}

const SUCCESS: Record<Intent, string> = {
  create: messages.address.added,
  update: messages.address.updated,
  "set-default": messages.address.defaultUpdated,
  delete: messages.address.deleted,
};

const FAILURE: Record<Intent, string> = {
  create: messages.address.saveFailed,
  update: messages.address.saveFailed,
  "set-default": messages.address.defaultFailed,
  delete: messages.address.deleteFailed,
};

const isIntent = (value: unknown): value is Intent =>
  value === "create" || value === "update" || value === "set-default" || value === "delete";

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.services.auth.requireUser(request);
  const fields = formFields(await request.formData());
  const intent = fields.intent;
  if (!isIntent(intent))
    return data<AddressResult>({ toast: actionToast("error", messages.address.saveFailed) }, { status: 400 });
  const accounts = context.services.accounts;
  const id = fields.id ?? "";
  try {
    if (intent === "create" || intent === "update") {
      const parsed = parseFields(addressSchema, fields);
      if (!parsed.ok) {
        return data<AddressResult>(
          { intent, errors: parsed.errors, toast: actionToast("error", FAILURE[intent]) },
          { status: 400 },
        );
      }
      if (intent === "create") await accounts.addAddress(viewer.id, parsed.data);
      else await accounts.updateAddress(viewer.id, id, parsed.data);
    } else if (intent === "set-default") {
      await accounts.setDefaultAddress(viewer.id, id);
    } else {
      await accounts.deleteAddress(viewer.id, id);
    }
    return { intent, ok: true, toast: actionToast("success", SUCCESS[intent]) } satisfies AddressResult;
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) context.logger.error({ err: error, intent }, "address change failed");
    const fieldsNamed = refusal?.kind === "invalid_input" && Object.keys(refusal.fields).length > 0;
    const formError = refusal?.kind === "invalid_input" && !fieldsNamed ? refusal.message : undefined;
    const errors = fieldsNamed ? { ...refusal.fields } : undefined;
    return data<AddressResult>(
      { intent, formError, errors, toast: actionToast("error", FAILURE[intent]) },
      { status: refusal?.status ?? 500 },
    );
  }
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, returnPath } = loaderData;
  const result = actionData as AddressResult | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === "/addresses";
  const [editing, setEditing] = useState<string | "new" | null>(null);
  useActionToast(result);

  // A saved address closes its form; a refused one stays open with the reasons.
  useEffect(() => {
    if (result?.ok && (result.intent === "create" || result.intent === "update")) setEditing(null);
  }, [result]);

  const formErrors =
    result && !result.ok && (result.intent === "create" || result.intent === "update") ? result : undefined;

  return (
    <AccountLayout
      title="My Addresses"
      action={
        editing !== "new" && (
          <button type="button" className={actionButtonClass} onClick={() => setEditing("new")}>
            Add Address
          </button>
        )
      }
    >
      <div className="space-y-4">
        {returnPath && (
          <Link
            to={returnPath}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-ink px-5 text-sm font-medium text-ink hover:bg-ink hover:text-white"
          >
            <span aria-hidden="true">←</span> Back to checkout
          </Link>
        )}
        {editing === "new" && (
          <AddressForm
            errors={formErrors?.errors}
            formError={formErrors?.formError}
            busy={submitting}
            onCancel={() => setEditing(null)}
          />
        )}
        {addresses.length === 0 && editing !== "new" && (
          <p className="rounded-2xl border border-dashed border-stone-300 p-8 text-center text-stone-600">
            You have no saved addresses yet.
          </p>
        )}
        <ul className="space-y-4">
          {addresses.map((address) => (
            <li key={address.id}>
              {editing === address.id ? (
                <AddressForm
                  address={address}
                  errors={formErrors?.errors}
                  formError={formErrors?.formError}
                  busy={submitting}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <article
                  aria-label={address.name}
                  className={`rounded-2xl border p-5 sm:p-6 ${address.isDefault ? "border-ink" : "border-stone-200"}`}
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 className="flex flex-wrap items-center gap-2 font-medium">
                        <span className="break-words">{address.name}</span>
                        {address.isDefault && (
                          <span className="rounded-full bg-ink px-2.5 py-0.5 text-xs font-medium text-white">
                            Default
                          </span>
                        )}
                      </h2>
                      <PostalAddress
                        address={address}
                        withPhone
                        className="mt-2 break-words text-sm leading-6 text-stone-700"
                      />
                    </div>
                  </div>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <button type="button" className={secondaryButtonClass} onClick={() => setEditing(address.id)}>
                      Edit
                    </button>
                    {!address.isDefault && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="set-default" />
                        <input type="hidden" name="id" value={address.id} />
                        <button type="submit" className={secondaryButtonClass} disabled={submitting}>
                          Set as default
                        </button>
                      </Form>
                    )}
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={address.id} />
                      <ConfirmDelete
                        question={messages.address.confirmDelete}
                        itemName={address.name}
                        keep="Keep address"
                        confirm="Delete address"
                        busyText="Deleting..."
                        busy={submitting}
                        busyLabel="Delete"
                        ariaLabel={`Delete ${address.name}`}
                        buttonClassName={`${secondaryButtonClass} text-red-700 hover:border-red-700`}
                      >
                        <PostalAddress address={address} className="break-words" />
                      </ConfirmDelete>
                    </Form>
                  </div>
                </article>
              )}
            </li>
          ))}
        </ul>
      </div>
    </AccountLayout>
  );
}
