import { type PostalFields, postalLines } from "../../../domain/address-format";

/**
 * An address printed as its country's post prints it (domain/address-country.ts): the one way
 * the store shows an address, on My Addresses, the checkout, orders and the admin's order desk.
 */
export function PostalAddress({
  address,
  withName = false,
  withPhone = false,
  className = "",
}: {
  address: { name: string; street: string; phone: string } & PostalFields;
  withName?: boolean;
  withPhone?: boolean;
  className?: string;
}) {
  const lines = [...(withName ? [address.name] : []), ...postalLines(address), ...(withPhone ? [address.phone] : [])];
  return (
    <address className={`not-italic ${className}`}>
      {lines.map((line, i) => (
        // Lines of one address never move: the position is a stable key.
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
