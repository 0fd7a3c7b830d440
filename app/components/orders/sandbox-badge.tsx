import { sandboxOrderMessages } from "../../../domain/payment-messages";

/** Marks an order paid through the built-in sandbox, so nobody takes it for money received. */
export function SandboxBadge() {
  return (
    <span
      data-sandbox="true"
      title={sandboxOrderMessages.payment}
      className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-950 ring-1 ring-inset ring-amber-400"
    >
      {sandboxOrderMessages.badge}
    </span>
  );
}
