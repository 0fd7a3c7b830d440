import { formatMeasure, MEASUREMENT_LABELS, type SizeGuideView, type Unit } from "../../../domain/size-guide";

const UNIT_NAMES: Record<Unit, string> = { cm: "centimetres", in: "inches" };

/**
 * A category's size guide as a table: a row per size (its header cell), a column per
 * measurement, in centimetres or inches (domain/size-guide.ts' formatMeasure). It scrolls
 * sideways inside its own box on a narrow screen, never the page (w-0 min-w-full: the
 * table's width never widens the column around it).
 */
export function SizeGuideTable({ guide, unit }: { guide: SizeGuideView; unit: Unit }) {
  return (
    <div
      className="w-0 min-w-full overflow-x-auto rounded-xl border border-stone-200"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
      role="region"
      aria-label={`${guide.category} sizes in ${UNIT_NAMES[unit]}`}
    >
      <table className="w-full min-w-max border-collapse text-left text-sm">
        <caption className="px-3 py-2 text-left text-sm text-stone-700">
          {guide.category}: body measurements in {UNIT_NAMES[unit]}
        </caption>
        <thead className="bg-stone-50">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Size
            </th>
            {guide.measurements.map((m) => (
              <th key={m} scope="col" className="px-3 py-2 font-medium">
                {MEASUREMENT_LABELS[m]} ({unit})
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {guide.rows.map((row) => (
            <tr key={row.size} className="border-t border-stone-200">
              <th scope="row" className="px-3 py-2 font-medium">
                {row.size}
              </th>
              {guide.measurements.map((m) => (
                <td key={m} className="px-3 py-2 tabular-nums text-stone-800">
                  {formatMeasure(row.cm[m] ?? 0, unit)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
