import { useEffect, useId, useState } from "react";
import { COLOR_NAME_MAX, MAX_COLORS, parseColorValue } from "../../../domain/product-schemas";
import { inputClass } from "~/components/ui/form-field";

interface Row {
  key: number;
  name: string;
  hex: string;
  /** The id of the picture showing this colour (see ColorImageChoice), or null. */
  image: string | null;
}

/** One of the product's images as the form will save them: the kept ones first, then the new ones. */
export interface ColorImageChoice {
  /** A kept image's address, or a new file's own id: stays the same while others are added or removed. */
  id: string;
  label: string;
  src: string;
}

let nextKey = 0;
// A new row has no value: the administrator picks or types one (a 'Sand' left at a default black would be wrong).
const row = (name = "", hex = "", image: string | null = null): Row => ({ key: nextKey++, name, hex, image });

/**
 * Colour rows: a name, its value as text (what is submitted; the browser's colour picker fills it
 * in, and cannot be empty, so it only shows a value once there is one) and, optionally, the
 * picture that shows the colour. Each row submits colorName, colorHex and colorImage, paired by
 * position. colorImage is the picture's position among the images as saved, worked out when the
 * form is sent, so adding or removing an image never points a colour at the wrong picture; a
 * removed picture leaves the colour without one.
 */
export function ColorsField({
  initial,
  images,
  error,
  onNamesChange,
}: {
  initial: { name: string; hex: string; image?: string | null }[];
  images: ColorImageChoice[];
  error?: string;
  /** Told the colours' names (trimmed, blank ones left out) as they change: the stock grid's columns. */
  onNamesChange?: (names: string[]) => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => initial.map((c) => row(c.name, c.hex, c.image ?? null)));
  const names = rows.map((r) => r.name.trim()).filter(Boolean);
  const namesKey = JSON.stringify(names);
  // biome-ignore lint/correctness/useExhaustiveDependencies: namesKey stands for names, compared by value.
  useEffect(() => onNamesChange?.(names), [namesKey, onNamesChange]);
  const update = (key: number, change: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const errorId = useId();

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-stone-800">Colors</legend>
      <p className="mt-0.5 text-xs text-stone-600">
        Optional. Shoppers choose one of these on the product page; a colour's picture is shown when it is chosen. Each
        needs a name and a value.
      </p>
      <ul className="mt-2 space-y-3">
        {rows.map((r, i) => {
          const value = parseColorValue(r.hex);
          const position = r.image === null ? -1 : images.findIndex((image) => image.id === r.image);
          const chosen = position >= 0 ? images[position] : undefined;
          return (
            <li key={r.key} className="flex flex-wrap items-center gap-2">
              <input
                name="colorName"
                aria-label={`Color ${i + 1} name`}
                placeholder="e.g., Navy"
                maxLength={COLOR_NAME_MAX}
                value={r.name}
                onChange={(e) => update(r.key, { name: e.target.value })}
                className={`${inputClass} min-w-0 basis-full sm:basis-40 sm:flex-1`}
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
                className={`${inputClass} w-28 min-w-0 flex-1 font-mono sm:flex-none`}
              />
              <input
                type="color"
                aria-label={`Pick color ${i + 1}`}
                value={value ?? "#ffffff"}
                onChange={(e) => update(r.key, { hex: e.target.value })}
                className={`h-10 w-12 shrink-0 cursor-pointer rounded-lg border bg-white p-1 ${value ? "border-stone-300" : "border-dashed border-stone-500"}`}
              />
              <select
                name="colorImage"
                aria-label={`Color ${i + 1} picture`}
                value={position >= 0 ? String(position) : ""}
                onChange={(e) =>
                  update(r.key, { image: e.target.value === "" ? null : (images[Number(e.target.value)]?.id ?? null) })
                }
                className="h-10 shrink-0 rounded-lg border border-stone-300 bg-white px-2 text-sm"
              >
                <option value="">No picture</option>
                {images.map((image, n) => (
                  <option key={image.id} value={String(n)}>
                    {image.label}
                  </option>
                ))}
              </select>
              <span className="h-10 w-8 shrink-0 overflow-hidden rounded-md bg-brand-100">
                {chosen && (
                  <img src={chosen.src} alt={`${chosen.label} of the product`} className="h-full w-full object-cover" />
                )}
              </span>
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
