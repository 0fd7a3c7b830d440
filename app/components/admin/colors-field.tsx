import { useState } from "react";
import { COLOR_NAME_MAX, MAX_COLORS } from "../../../domain/product-schemas";
import { inputClass } from "../form-field";

interface Row {
  key: number;
  name: string;
  hex: string;
}

let nextKey = 0;
const row = (name = "", hex = "#000000"): Row => ({ key: nextKey++, name, hex });

/** Colour rows (name + swatch); each row submits colorName and colorHex, paired by position. */
export function ColorsField({ initial, error }: { initial: { name: string; hex: string }[]; error?: string }) {
  const [rows, setRows] = useState<Row[]>(() => initial.map((c) => row(c.name, c.hex)));
  const update = (key: number, change: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">Colors</legend>
      <p className="mt-0.5 text-xs text-stone-500">Optional. Shoppers choose one of these on the product page.</p>
      <ul className="mt-2 space-y-2">
        {rows.map((r, i) => (
          <li key={r.key} className="flex items-center gap-2">
            <input
              name="colorName"
              aria-label={`Color ${i + 1} name`}
              placeholder="e.g., Navy"
              maxLength={COLOR_NAME_MAX}
              value={r.name}
              onChange={(e) => update(r.key, { name: e.target.value })}
              className={`${inputClass} min-w-0 flex-1`}
            />
            <input
              type="color"
              name="colorHex"
              aria-label={`Color ${i + 1} value`}
              value={r.hex}
              onChange={(e) => update(r.key, { hex: e.target.value })}
              className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
            />
            <button
              type="button"
              aria-label={`Remove color ${i + 1}`}
              onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
              className="h-10 shrink-0 rounded-lg border border-stone-300 px-3 text-sm hover:border-red-700 hover:text-red-800"
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {rows.length < MAX_COLORS && (
        <button
          type="button"
          onClick={() => setRows((all) => [...all, row()])}
          className="mt-2 rounded-full border border-stone-300 px-3 py-1.5 text-sm font-medium hover:border-ink"
        >
          Add color
        </button>
      )}
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
