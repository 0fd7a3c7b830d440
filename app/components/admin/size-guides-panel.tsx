import { Form, Link, useNavigation } from "react-router";
import { type Category, categorySlug, SIZES } from "../../../domain/catalog";
import { cellName, MAX_CM, MEASUREMENT_LABELS, type SizeGuideView } from "../../../domain/size-guide";
import type { AdminResult } from "~/lib/admin-result";

const cellInput =
  "h-10 w-20 rounded-lg border border-stone-300 bg-white px-2 text-right text-sm tabular-nums text-ink focus:border-ink";

/**
 * The Size guides tab (decision 060): a category at a time, a row per size and a column per
 * measurement, in centimetres (the product page shows inches from them). A row left empty is
 * not in the guide; a guide left wholly empty is removed. The server checks every cell and
 * refuses the whole form on the first problem, which is said here and in the toast.
 */
export function SizeGuidesPanel({
  guides,
  category,
  result,
}: {
  guides: SizeGuideView[];
  category: Category | null;
  result: AdminResult | undefined;
}) {
  const navigation = useNavigation();
  const guide = guides.find((g) => g.category === category) ?? guides[0];
  if (!guide) return null;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-size-guide";
  const refusal = result && !result.ok ? result.toast.description : undefined;
  const byRow = new Map(guide.rows.map((row) => [row.size, row.cm]));

  return (
    <div className="space-y-6">
      <nav aria-label="Categories">
        <ul className="flex flex-wrap gap-2">
          {guides.map((g) => (
            <li key={g.category}>
              <Link
                to={`/admin?tab=size-guides&category=${categorySlug(g.category)}`}
                aria-current={g.category === guide.category ? "page" : undefined}
                preventScrollReset
                className={`inline-flex rounded-full border px-4 py-2 text-sm font-medium ${
                  g.category === guide.category
                    ? "border-ink bg-ink text-white"
                    : "border-stone-300 text-ink hover:border-ink"
                }`}
              >
                {g.category}
                <span className="sr-only">{g.rows.length ? `, ${g.rows.length} sizes` : ", no guide yet"}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Form
        method="post"
        action={`/admin?tab=size-guides&category=${categorySlug(guide.category)}`}
        preventScrollReset
        // A saved guide comes back from the server: the fields start again from what it stored.
        key={`${guide.category}:${JSON.stringify(guide.rows)}`}
        aria-labelledby="size-guide-form-heading"
        className="space-y-4"
      >
        <h2 id="size-guide-form-heading" className="font-display text-2xl">
          {guide.category} size guide
        </h2>
        <p className="text-sm text-stone-700">
          Body measurements in centimetres (up to {MAX_CM}, one decimal at most). Leave a size's row empty to leave it
          out; the product page shows inches too.
        </p>
        <input type="hidden" name="intent" value="save-size-guide" />
        <input type="hidden" name="category" value={guide.category} />
        <div className="max-w-full overflow-x-auto">
          <table className="border-collapse text-sm">
            <caption className="sr-only">{guide.category}: measurements per size in centimetres</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 py-2 text-left font-medium">
                  Size
                </th>
                {guide.measurements.map((m) => (
                  <th key={m} scope="col" className="px-2 py-2 text-left font-medium">
                    {MEASUREMENT_LABELS[m]} (cm)
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {SIZES.map((size) => (
                <tr key={size} className="border-t border-stone-200">
                  <th scope="row" className="px-2 py-2 text-left font-medium">
                    {size}
                  </th>
                  {guide.measurements.map((m) => (
                    <td key={m} className="px-2 py-1.5">
                      <input
                        name={cellName(size, m)}
                        aria-label={`${size} ${MEASUREMENT_LABELS[m]} (cm)`}
                        inputMode="decimal"
                        autoComplete="off"
                        defaultValue={byRow.get(size)?.[m]?.toString() ?? ""}
                        className={cellInput}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p role="alert" className="text-sm font-medium text-red-700">
          {refusal}
        </p>
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className="rounded-full bg-ink px-6 py-3 text-sm font-medium text-white hover:bg-stone-800 disabled:opacity-60"
        >
          {busy ? "Saving…" : "Save size guide"}
        </button>
      </Form>
    </div>
  );
}
