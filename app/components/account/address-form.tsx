import { type ComponentType, useId, useState } from "react";
import { Form, type FormProps } from "react-router";
import type { AddressView } from "../../../domain/views";
import { addressSchema } from "../../../domain/address-schema";
import { countryRules } from "../../../domain/address-country";
import { COUNTRIES, type Country, DEFAULT_COUNTRY, isCountry } from "../../../domain/address-rules";
import type { FieldErrors } from "../../../domain/forms";
import { FormAlert, FormField, inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { useValidatedForm } from "~/lib/use-validated-form";

interface AddressFormProps {
  /** The address being edited; none for a new one. */
  address?: AddressView;
  errors?: FieldErrors;
  formError?: string;
  busy: boolean;
  onCancel?: () => void;
  /** The form element to render: react-router's Form (the default) or a fetcher's, which stays on the page. */
  as?: ComponentType<FormProps>;
  /** Where the form posts (default: the current route). The checkout posts to /addresses. */
  action?: string;
  /** A new address made default whatever the box says (the checkout's first address). */
  alwaysDefault?: boolean;
  title?: string;
}

function SelectField({
  label,
  name,
  value,
  defaultValue,
  onChange,
  options,
  error,
  required,
}: {
  label: string;
  name: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange && ((e) => onChange(e.target.value))}
        required={required}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete={name === "country" ? "country-name" : "address-level1"}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Add or edit an address: the fields of docs/product.md §5, labelled, listed and checked as the
 * chosen country has them (domain/address-country.ts), in the browser and again by the server.
 * The same form on /addresses and inside the checkout.
 */
export function AddressForm({
  address,
  errors: serverErrors,
  formError,
  busy,
  onCancel,
  as: FormElement = Form,
  action,
  alwaysDefault,
  title = address ? "Edit address" : "Add a new address",
}: AddressFormProps) {
  const { errors, onSubmit } = useValidatedForm(addressSchema, { serverErrors: serverErrors });
  const [country, setCountry] = useState<Country>(isCountry(address?.country) ? address.country : DEFAULT_COUNTRY);
  const rules = countryRules(country);
  // A stored state is shown chosen when it is on the list (by code or name); a row from before 0.4.0 may not be.
  const storedRegion = address && address.country === country ? address.state : "";
  const listedRegion = rules.regions?.find(
    (r) => r.code === storedRegion.toUpperCase() || r.name.toUpperCase() === storedRegion.toUpperCase(),
  );
  return (
    <FormElement
      method="post"
      action={action}
      noValidate
      aria-label={title}
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6"
      onSubmit={onSubmit}
    >
      <h2 className="font-display text-xl">{title}</h2>
      {formError && <FormAlert>{formError}</FormAlert>}
      <input type="hidden" name="intent" value={address ? "update" : "create"} />
      {address && <input type="hidden" name="id" value={address.id} />}
      <SelectField
        label="Country"
        name="country"
        value={country}
        onChange={(value) => setCountry(isCountry(value) ? value : DEFAULT_COUNTRY)}
        options={COUNTRIES.map((c) => ({ value: c, label: c }))}
        error={errors.country}
      />
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
          label={rules.cityLabel}
          name="city"
          autoComplete="address-level2"
          required
          maxLength={100}
          defaultValue={address?.city}
          error={errors.city}
        />
        {/* Keyed by country: the region and postal fields start afresh when the country changes. */}
        {rules.regions ? (
          <SelectField
            key={country}
            label={rules.regionLabel}
            name="state"
            required
            defaultValue={listedRegion?.code ?? ""}
            options={[
              { value: "", label: `Choose a ${rules.regionLabel.toLowerCase()}` },
              ...rules.regions.map((r) => ({ value: r.code, label: r.name })),
            ]}
            error={errors.state}
          />
        ) : (
          <FormField
            key={country}
            label={rules.regionLabel}
            name="state"
            autoComplete="address-level1"
            maxLength={100}
            defaultValue={storedRegion}
            error={errors.state}
          />
        )}
        <FormField
          key={`${country}-postal`}
          label={rules.postalLabel}
          name="zipCode"
          autoComplete="postal-code"
          autoCapitalize="characters"
          required
          maxLength={12}
          placeholder={rules.postalPlaceholder}
          defaultValue={address && address.country === country ? address.zipCode : undefined}
          error={errors.zipCode}
        />
      </div>
      {alwaysDefault ? (
        <input type="hidden" name="isDefault" value="on" />
      ) : (
        !address?.isDefault && (
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" name="isDefault" className="h-4 w-4 rounded border-stone-300 accent-ink" />
            Set as default address
          </label>
        )
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && (
          <button type="button" onClick={onCancel} className={secondaryButtonClass}>
            Cancel
          </button>
        )}
        <button type="submit" className={`${primaryButtonClass} sm:w-auto`} disabled={busy}>
          {busy ? "Saving..." : address ? "Update Address" : "Save Address"}
        </button>
      </div>
    </FormElement>
  );
}
