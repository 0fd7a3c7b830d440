import { FIT_ANSWERS, FIT_LABELS, type FitAnswer } from "../../../domain/fit";

/**
 * The review form's optional question "How does it fit?" (decision 060): three answers and
 * "No answer", radio buttons named `fit` (empty for no answer), so it posts without JavaScript too.
 */
export function FitField({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: FitAnswer | null;
  onChange: (fit: FitAnswer | null) => void;
}) {
  const options: { value: FitAnswer | ""; label: string }[] = [
    ...FIT_ANSWERS.map((answer) => ({ value: answer, label: FIT_LABELS[answer] })),
    { value: "", label: "No answer" },
  ];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-700">
        How does it fit? <span className="font-normal text-stone-600">(optional)</span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => {
          const id = `${idPrefix}-fit-${option.value || "none"}`;
          return (
            <label
              key={id}
              htmlFor={id}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm has-[:checked]:border-ink"
            >
              <input
                id={id}
                type="radio"
                name="fit"
                value={option.value}
                checked={(value ?? "") === option.value}
                onChange={() => onChange(option.value === "" ? null : option.value)}
                className="accent-ink"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A review's fit answer as its line shows it ("Fit: True to size"); nothing without one. */
export function FitNote({ fit }: { fit: FitAnswer | null }) {
  if (!fit) return null;
  return (
    <span className="text-sm text-stone-700">
      <span className="text-stone-600">Fit:</span> {FIT_LABELS[fit]}
    </span>
  );
}
