import { data } from "react-router";
import { formatMoney } from "../../domain/money";
import { pageMeta } from "../lib/store";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await context.services.catalog.getProduct(params.id);
  if (!product) throw data("Product not found", { status: 404 });
  return { product };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? pageMeta(data.product.title, data.product.description.slice(0, 160)) : pageMeta("Product not found");
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="font-display text-3xl">{product.title}</h1>
      <p>{formatMoney(product.priceCents)}</p>
    </div>
  );
}
