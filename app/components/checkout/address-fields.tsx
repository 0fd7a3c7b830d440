import { useId } from "react";
import { Link } from "react-router";
import { ADDRESSES_FROM_CHECKOUT } from "../../../domain/address-rules";
import { inputClass } from "~/components/ui/form-field";

/** A saved address as the checkout shows it. */
export interface CheckoutAddress {
  id: string;
  name: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string;
  isDefault: boolean;
}

/** docs/product.md §2: options show name, street, city and '(Default)'. */
export function addressOptionLabel(address: CheckoutAddress): string {
  return `${address.name} - ${address.street}, ${address.city}${address.isDefault ? " (Default)" : ""}`;
}

/** The default address, else the first; what the shipping select starts on. */
export function preselectedAddressId(addresses: readonly CheckoutAddress[]): string {
  return (addresses.find((a) => a.isDefault) ?? addresses[0])?.id ?? "";
}

function AddressSelect({
  id,
  label,
  value,
  addresses,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  addresses: readonly CheckoutAddress[];
  onChange: (id: string) => void;
}) {
  return (
    <select id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
      <option value="">Select an address</option>
      {addresses.map((address) => (
        <option key={address.id} value={address.id}>
          {addressOptionLabel(address)}
        </option>
      ))}
    </select>
  );
}

const sectionClass = "rounded-2xl border border-stone-200 bg-white p-5 sm:p-6";
const headingClass = "font-display text-xl text-ink";

export function ShippingAddressSection(props: {
  addresses: readonly CheckoutAddress[];
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  return (
    <section className={sectionClass} aria-labelledby={`${id}-heading`}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={`${id}-heading`} className={headingClass}>
          <label htmlFor={id}>Shipping Address</label>
        </h2>
        <Link
          to={ADDRESSES_FROM_CHECKOUT}
          className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          Manage addresses
        </Link>
      </div>
      <div className="mt-4">
        <AddressSelect id={id} label="Shipping Address" {...props} />
      </div>
    </section>
  );
}

export function BillingAddressSection(props: {
  addresses: readonly CheckoutAddress[];
  sameAsShipping: boolean;
  onSameChange: (same: boolean) => void;
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  return (
    <section className={sectionClass} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={headingClass}>
        Billing Address
      </h2>
      <label className="mt-4 flex cursor-pointer items-center gap-3 text-sm text-ink">
        <input
          type="checkbox"
          checked={props.sameAsShipping}
          onChange={(e) => props.onSameChange(e.target.checked)}
          className="h-5 w-5 rounded border-stone-400 accent-ink"
        />
        Same as shipping address
      </label>
      {!props.sameAsShipping && (
        <div className="mt-4">
          <AddressSelect
            id={id}
            label="Billing Address"
            value={props.value}
            addresses={props.addresses}
            onChange={props.onChange}
          />
        </div>
      )}
    </section>
  );
}
