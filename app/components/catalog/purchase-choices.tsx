import type { Ref } from "react";
import type { ProductDetail } from "../../../domain/views";

/** How a sold-out size or colour is named to assistive technology, and in its tooltip. */
const outOfStockName = (name: string) => `${name}, out of stock`;

interface ChoiceGroupProps<T> {
  /** "size" or "color": the ids of the label and the inline message. */
  kind: "size" | "color";
  label: string;
  options: readonly T[];
  nameOf: (option: T) => string;
  selected: string | null;
  /** The options sold out for the other choice (or in every combination). */
  unavailable: readonly string[];
  /** 'Please select a size' / 'Please select a color' beside the choices, or null. */
  error: string | null;
  idPrefix: string;
  onPick: (name: string | null) => void;
  /** The group, for focus to go to when its choice is missing. */
  groupRef?: Ref<HTMLDivElement>;
  renderOption: (option: T, state: { active: boolean; unavailable: boolean }) => React.ReactNode;
  buttonClass: (state: { active: boolean; unavailable: boolean }) => string;
  listClass: string;
}

/**
 * One row of choices (sizes or colours) as toggle buttons. A sold-out option stays in the tab
 * order with its state in its name ("S, out of stock") and aria-disabled, so a keyboard or screen
 * reader user learns what is missing; clicking it picks nothing. A chosen option that sells out
 * while the page is open stays chosen (and crossed out) until the shopper picks again.
 */
export function ChoiceGroup<T>({
  kind,
  label,
  options,
  nameOf,
  selected,
  unavailable,
  error,
  idPrefix,
  onPick,
  groupRef,
  renderOption,
  buttonClass,
  listClass,
}: ChoiceGroupProps<T>) {
  const labelId = `${idPrefix}-${kind}-label`;
  const errorId = `${idPrefix}-${kind}-error`;
  return (
    <div>
      <p id={labelId} className="text-sm font-medium text-ink">
        {label}
        {selected && <span className="font-normal text-stone-600">: {selected}</span>}
      </p>
      <div
        ref={groupRef}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        data-choice={kind}
        className={`mt-2 ${listClass}`}
      >
        {options.map((option) => {
          const name = nameOf(option);
          const active = name === selected;
          const isUnavailable = unavailable.includes(name);
          const state = { active, unavailable: isUnavailable };
          return (
            <button
              key={name}
              type="button"
              // A size's text names it; a swatch needs its colour's name.
              aria-label={isUnavailable ? outOfStockName(name) : kind === "color" ? name : undefined}
              aria-pressed={active}
              aria-disabled={isUnavailable && !active ? true : undefined}
              title={isUnavailable ? outOfStockName(name) : kind === "color" ? name : undefined}
              onClick={() => {
                // A sold-out option cannot be picked; a chosen one that sold out can still be unpicked.
                if (isUnavailable && !active) return;
                onPick(active ? null : name);
              }}
              className={buttonClass(state)}
            >
              {renderOption(option, state)}
            </button>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type Color = ProductDetail["colors"][number];

export const sizeButtonClass = ({ active, unavailable }: { active: boolean; unavailable: boolean }) =>
  `h-11 min-w-12 rounded-full border px-4 text-sm font-medium transition-colors ${
    unavailable
      ? `cursor-not-allowed border-dashed line-through ${active ? "border-ink bg-stone-200 text-ink" : "border-stone-300 bg-stone-100 text-stone-600"}`
      : active
        ? "border-ink bg-ink text-white"
        : "border-stone-300 text-ink hover:border-ink"
  }`;

export const colorButtonClass = ({ active, unavailable }: { active: boolean; unavailable: boolean }) =>
  `relative flex h-11 w-11 items-center justify-center rounded-full border-2 transition ${
    unavailable ? "cursor-not-allowed" : ""
  } ${active ? "border-ink" : unavailable ? "border-transparent" : "border-transparent hover:border-stone-400"}`;

export function ColorSwatch({ color, unavailable }: { color: Color; unavailable: boolean }) {
  return (
    <>
      <span
        aria-hidden="true"
        className={`h-8 w-8 rounded-full ring-1 ring-inset ring-black/15 ${unavailable ? "opacity-40" : ""}`}
        style={{ backgroundColor: color.hex }}
      />
      {/* A diagonal stroke across a sold-out colour: visible on light and dark swatches alike. */}
      {unavailable && (
        <span
          aria-hidden="true"
          className="absolute h-0.5 w-10 -rotate-45 rounded-full bg-stone-700 ring-1 ring-white"
        />
      )}
    </>
  );
}
