import { useId, useState } from "react";
import { MAX_STOCK } from "../../../domain/product-schemas";
import { SKU_MAX, type VariantChoice, type VariantStock, variantKey, variantLabel } from "../../../domain/variants";
import { inputClass } from "~/components/ui/form-field";

/** The one field of a product without sizes or colours. */
const SINGLE_LABEL = "Stock count";

interface Cell {
  stock: string;
  sku: string;
}

const cellInputClass =
  "block w-24 rounded-md border border-stone-300 bg-white px-2 py-2 text-base tabular-nums text-ink focus:border-ink sm:text-sm";

/**
 * Stock per size and colour (docs/decisions/032-stock-per-variant.md): sizes down, colours across,
 * one column or row when the product has one of them, a single "Stock count" field when it has
 * neither. Each cell submits variantSize, variantColor, variantSeen, variantStock and variantSku,
 * paired by position. A cell keeps its numbers while sizes and colours are ticked and named around it; a
 * new size or colour starts at `fresh` pieces.
 */
export function StockGrid({
  sizes,
  colors,
  initial,
  fresh,
  error,
}: {
  sizes: readonly string[];
  colors: readonly string[];
  initial: readonly VariantStock[];
  /** What a cell nobody has filled in shows: the add form's starting stock, or 0 on the edit form. */
  fresh: string;
  error?: string;
}) {
  const [cells, setCells] = useState<Record<string, Cell>>(() =>
    Object.fromEntries(initial.map((v) => [variantKey(v), { stock: String(v.stock), sku: v.sku ?? "" }])),
  );
  // The stock the form was loaded with goes back as variantSeen, so the server keeps sales made
  // meanwhile (decision 035). When the product is loaded again (after a save refused because
  // stock changed), the cells nobody typed in follow the new figures; typed ones stay.
  const seen = new Map(initial.map((v) => [variantKey(v), v.stock]));
  const initialKey = JSON.stringify([...seen]);
  const [baseline, setBaseline] = useState({ key: initialKey, seen });
  if (baseline.key !== initialKey) {
    setBaseline({ key: initialKey, seen });
    setCells((all) => {
      const next = { ...all };
      for (const [key, stock] of seen) {
        const cell = next[key];
        if (cell && cell.stock === String(baseline.seen.get(key) ?? "")) next[key] = { ...cell, stock: String(stock) };
      }
      return next;
    });
  }
  const [showSku, setShowSku] = useState(() => initial.some((v) => v.sku));
  const errorId = useId();
  const skuToggleId = useId();
  const cellOf = (choice: VariantChoice): Cell => cells[variantKey(choice)] ?? { stock: fresh, sku: "" };
  const update = (choice: VariantChoice, change: Partial<Cell>) =>
    setCells((all) => ({ ...all, [variantKey(choice)]: { ...cellOf(choice), ...change } }));
  const uniqueColors = [...new Set(colors)];

  /** One cell's inputs: its stock, and its SKU when SKUs are shown (hidden otherwise, so they are kept). */
  function cellInputs(choice: VariantChoice, label: string) {
    const cell = cellOf(choice);
    return (
      <div className="space-y-1">
        <input type="hidden" name="variantSize" value={choice.size ?? ""} />
        <input type="hidden" name="variantColor" value={choice.color ?? ""} />
        <input type="hidden" name="variantSeen" value={seen.get(variantKey(choice)) ?? ""} />
        <input
          type="number"
          name="variantStock"
          inputMode="numeric"
          min={0}
          max={MAX_STOCK}
          step={1}
          aria-label={label}
          // The single field is the error's own; in a grid the message names the cell.
          aria-invalid={error && label === SINGLE_LABEL ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={cell.stock}
          onChange={(event) => update(choice, { stock: event.currentTarget.value })}
          className={label === SINGLE_LABEL ? inputClass : cellInputClass}
        />
        {showSku ? (
          <input
            type="text"
            name="variantSku"
            maxLength={SKU_MAX}
            aria-label={`SKU, ${variantLabel(choice)}`}
            placeholder="SKU"
            value={cell.sku}
            onChange={(event) => update(choice, { sku: event.currentTarget.value })}
            className={`${cellInputClass} text-xs`}
          />
        ) : (
          <input type="hidden" name="variantSku" value={cell.sku} />
        )}
      </div>
    );
  }

  const single = sizes.length === 0 && uniqueColors.length === 0;
  const rows: (string | null)[] = sizes.length ? [...sizes] : [null];
  const columns: (string | null)[] = uniqueColors.length ? uniqueColors : [null];
  const stockLabel = (choice: VariantChoice) => `Stock, ${variantLabel(choice)}`;

  return (
    <fieldset id="stock" aria-describedby={error ? errorId : undefined} className="scroll-mt-24">
      <legend className="text-sm font-medium text-stone-800">Stock</legend>
      <p className="mt-0.5 text-xs text-stone-600">
        Pieces in stock{single ? "" : " for each size and colour"}. 0 shows {single ? "the product" : "that choice"} as
        sold out.
      </p>
      {single ? (
        <div className="mt-2 max-w-xs">{cellInputs({ size: null, color: null }, SINGLE_LABEL)}</div>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="border-separate border-spacing-1 text-sm">
            <thead>
              <tr>
                <td />
                {columns.map((color) => (
                  <th key={color ?? "none"} scope="col" className="px-1 text-left text-xs font-medium text-stone-700">
                    {color ?? "Stock"}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((size) => (
                <tr key={size ?? "none"}>
                  <th scope="row" className="pr-2 text-left text-xs font-medium text-stone-700">
                    {size ?? "Stock"}
                  </th>
                  {columns.map((color) => (
                    <td key={color ?? "none"} className="align-top">
                      {cellInputs({ size, color }, stockLabel({ size, color }))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <label
        htmlFor={skuToggleId}
        className="mt-2 inline-flex cursor-pointer items-center gap-2 text-sm text-stone-700"
      >
        <input
          id={skuToggleId}
          type="checkbox"
          checked={showSku}
          onChange={(e) => setShowSku(e.currentTarget.checked)}
          className="h-4 w-4"
        />
        Show SKUs (optional stock-keeping codes)
      </label>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
