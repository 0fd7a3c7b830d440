import { Form } from "react-router";
import type { AddressView } from "../../../domain/views";
import { addressSchema } from "../../../domain/account-schemas";
import { COUNTRIES, DEFAULT_COUNTRY } from "../../../domain/address-rules";
import type { FieldErrors } from "../../../domain/forms";
import { FormAlert, FormField, inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { useValidatedForm } from "~/lib/use-validated-form";

interface AddressFormProps {
  /** The address being edited; none for a new one. */
  address?: AddressView;
  errors?: FieldErrors;
  formError?: string;
  busy: boolean;
  onCancel: () => void;
}

/** Add or edit an address: the fields of docs/product.md §5, checked in the browser and again by the action. */
export function AddressForm({ address, errors: serverErrors, formError, busy, onCancel }: AddressFormProps) {
  const { errors, onSubmit } = useValidatedForm(addressSchema, { serverErrors: serverErrors });
  const title = address ? "Edit address" : "Add a new address";
  return (
    <Form
      method="post"
      noValidate
      aria-label={title}
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6"
      onSubmit={onSubmit}
    >
      <h2 className="font-display text-xl">{title}</h2>
      {formError && <FormAlert>{formError}</FormAlert>}
      <input type="hidden" name="intent" value={address ? "update" : "create"} />
      {address && <input type="hidden" name="id" value={address.id} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Full name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={address?.name}
          error={errors.name}
        />
        <FormField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          maxLength={30}
          defaultValue={address?.phone}
          error={errors.phone}
        />
      </div>
      <FormField
        label="Street"
        name="street"
        autoComplete="street-address"
        required
        maxLength={200}
        defaultValue={address?.street}
        error={errors.street}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label="City"
          name="city"
          autoComplete="address-level2"
          required
          maxLength={100}
          defaultValue={address?.city}
          error={errors.city}
        />
        <FormField
          label="State"
          name="state"
          autoComplete="address-level1"
          required
          maxLength={100}
          defaultValue={address?.state}
          error={errors.state}
        />
        <FormField
          label="ZIP"
          name="zipCode"
          autoComplete="postal-code"
          required
          maxLength={12}
          defaultValue={address?.zipCode}
          error={errors.zipCode}
        />
      </div>
      <div>
        <label htmlFor={`country-${address?.id ?? "new"}`} className="mb-1.5 block text-sm font-medium text-stone-800">
          Country
        </label>
        <select
          id={`country-${address?.id ?? "new"}`}
          name="country"
          defaultValue={address?.country ?? DEFAULT_COUNTRY}
          className={inputClass}
          aria-invalid={errors.country ? true : undefined}
        >
          {COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {country}
            </option>
          ))}
        </select>
        {errors.country && <p className="mt-1 text-sm text-red-700">{errors.country}</p>}
      </div>
      {!address?.isDefault && (
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" name="isDefault" className="h-4 w-4 rounded border-stone-300 accent-ink" />
          Set as default address
        </label>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" className={`${primaryButtonClass} sm:w-auto`} disabled={busy}>
          {busy ? "Saving..." : address ? "Update Address" : "Save Address"}
        </button>
      </div>
    </Form>
  );
}
