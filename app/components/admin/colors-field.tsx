import { useId, useState } from "react";
import { COLOR_NAME_MAX, MAX_COLORS, parseColorValue } from "../../../domain/product-schemas";
import { inputClass } from "../form-field";

interface Row {
  key: number;
  name: string;
  hex: string;
}

let nextKey = 0;
// A new row has no value: the administrator picks or types one (a 'Sand' left at a default black would be wrong).
const row = (name = "", hex = ""): Row => ({ key: nextKey++, name, hex });

/**
 * Colour rows: a name, its value as text (what is submitted, as colorName and colorHex paired
 * by position) and the browser's colour picker, which fills the text in. The picker cannot be
 * empty, so it only shows a value once there is one.
 */
export function ColorsField({ initial, error }: { initial: { name: string; hex: string }[]; error?: string }) {
  const [rows, setRows] = useState<Row[]>(() => initial.map((c) => row(c.name, c.hex)));
  const update = (key: number, change: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const errorId = useId();

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-stone-800">Colors</legend>
      <p className="mt-0.5 text-xs text-stone-600">Optional. Shoppers choose one of these on the product page. Each needs a name and a value.</p>
      <ul className="mt-2 space-y-3 sm:space-y-2">
        {rows.map((r, i) => {
          const value = parseColorValue(r.hex);
          return (
            <li key={r.key} className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
              <input
                name="colorName"
                aria-label={`Color ${i + 1} name`}
                placeholder="e.g., Navy"
                maxLength={COLOR_NAME_MAX}
                value={r.name}
                onChange={(e) => update(r.key, { name: e.target.value })}
                className={`${inputClass} min-w-0 basis-full sm:basis-auto sm:flex-1`}
              />
              <input
                name="colorHex"
                aria-label={`Color ${i + 1} value`}
                placeholder="#c2b280"
                maxLength={7}
                spellCheck={false}
                autoComplete="off"
                value={r.hex}
                aria-invalid={error && r.name.trim() && !value ? true : undefined}
                onChange={(e) => update(r.key, { hex: e.target.value })}
                className={`${inputClass} min-w-0 flex-1 font-mono sm:w-32 sm:flex-none`}
              />
              <input
                type="color"
                aria-label={`Pick color ${i + 1}`}
                value={value ?? "#ffffff"}
                onChange={(e) => update(r.key, { hex: e.target.value })}
                className={`h-10 w-12 shrink-0 cursor-pointer rounded-lg border bg-white p-1 ${value ? "border-stone-300" : "border-dashed border-stone-500"}`}
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
          );
        })}
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
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
