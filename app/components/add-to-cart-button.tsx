import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { messages } from "../../domain/messages";
import { useRootData } from "../root";

interface AddToCartButtonProps {
  productId: string;
  className?: string;
}

/**
 * "Add to cart" on a product card. A visitor is told to log in and sent to /login
 * (a plain link, so it works before JavaScript has loaded); a signed-in shopper is taken
 * to the product page to pick size and colour when the product has them.
 */
export function AddToCartButton({ productId, className }: AddToCartButtonProps) {
  const root = useRootData();
  const navigate = useNavigate();
  const location = useLocation();
  const user = root?.user;

  if (!user) {
    const loginHref = `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
    return (
      <Link
        to={loginHref}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          toast.error(messages.cart.loginToAdd);
          navigate(loginHref);
        }}
      >
        Add to cart
      </Link>
    );
  }
  return (
    <Link to={`/product/${productId}`} className={className}>
      Add to cart
    </Link>
  );
}
