import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { endOfDayIn, formatDay, startOfDayIn } from "../../../domain/dates";
import {
  dateFieldValue,
  type DiscountState,
  type DiscountView,
  discountState,
  discountStateLabels,
  discountValueLabel,
} from "../../../domain/discounts";
import type { FieldErrors } from "../../../domain/forms";
import { formatMoney } from "../../../domain/money";
import type { AdminResult } from "~/lib/admin-result";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { useShopTimeZone } from "~/lib/root-data";
import { DiscountForm } from "./discount-form";
import { AdminTable } from "./admin-table";

const TABLE_COLUMNS = ["Code", "Discount", "Minimum", "Dates", "Uses", "Status", "Actions"] as const;
const actionClass = "inline-flex items-center rounded-full border px-3 py-1.5 text-xs font-medium transition-colors";

/** A start or end that falls on midnight in the shop's zone is a day (an end: the last day it covers); else the moment. */
function DayOrMoment({ iso, end = false }: { iso: string; end?: boolean }) {
  const zone = useShopTimeZone();
  const day = dateFieldValue(iso, end, zone);
  const boundary = end ? endOfDayIn(day, zone) : startOfDayIn(day, zone);
  if (boundary?.toISOString() !== new Date(iso).toISOString()) return <LocalDateTime iso={iso} />;
  return <time dateTime={iso}>{formatDay(day)}</time>;
}

function Dates({ code }: { code: DiscountView }) {
  return (
    <span>
      From <DayOrMoment iso={code.startsAt} />
      <br />
      {code.endsAt ? (
        <>
          Until <DayOrMoment iso={code.endsAt} end />
        </>
      ) : (
        "No end date"
      )}
    </span>
  );
}

const uses = (code: DiscountView) =>
  `${code.usedCount}${code.totalLimit === null ? "" : ` of ${code.totalLimit}`}${code.perCustomerLimit === null ? "" : ` · ${code.perCustomerLimit} per customer`}`;

const STATE_TONES: Record<DiscountState, string> = {
  active: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  scheduled: "bg-sky-50 text-sky-900 ring-sky-300",
  expired: "bg-stone-100 text-stone-700 ring-stone-300",
  used_up: "bg-amber-50 text-amber-900 ring-amber-300",
  deactivated: "bg-stone-100 text-stone-700 ring-stone-300",
};

/** The code's state at the moment the page was loaded (domain/discounts.ts discountState). */
function StatusPill({ code, now }: { code: DiscountView; now: string }) {
  const state = discountState(
    { ...code, startsAt: new Date(code.startsAt), endsAt: code.endsAt ? new Date(code.endsAt) : null },
    new Date(now),
  );
  return (
    <span
      data-state={state}
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATE_TONES[state]}`}
    >
      {discountStateLabels[state]}
    </span>
  );
}

function CodeActions({ code }: { code: DiscountView }) {
  const fetcher = useFetcher<AdminResult>();
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`/admin?tab=discounts&edit=${code.id}`}
        aria-label={`Edit ${code.code}`}
        className={`${actionClass} border-stone-300 text-ink hover:border-ink`}
      >
        Edit
      </Link>
      <fetcher.Form method="post" action="/admin?tab=discounts">
        <input type="hidden" name="intent" value="toggle-discount" />
        <input type="hidden" name="discountId" value={code.id} />
        <input type="hidden" name="active" value={code.active ? "false" : "true"} />
        <button
          type="submit"
          disabled={busy}
          aria-label={`${code.active ? "Deactivate" : "Activate"} ${code.code}`}
          className={`${actionClass} border-stone-300 text-ink hover:border-ink disabled:opacity-60`}
        >
          {code.active ? "Deactivate" : "Activate"}
        </button>
      </fetcher.Form>
    </div>
  );
}

/**
 * The Discounts tab (docs/decisions/034-discount-codes.md): every code with its value, minimum,
 * dates, uses and state, and the form to create one or edit the one chosen (?edit=id).
 */
export function DiscountsPanel({
  codes,
  editId,
  now,
  result,
}: {
  codes: DiscountView[];
  /** The loader's moment, so the server and the browser show the same states. */
  now: string;
  editId: string | null;
  result?: AdminResult & { errors?: FieldErrors; values?: Record<string, string> };
}) {
  const editing = codes.find((code) => code.id === editId) ?? null;
  // A live update reloads the tab's data, and React Router then forgets the form's answer: the
  // last answer is kept for the same form (new, or the code being edited), so a live update never
  // empties what was typed or hides its errors. Choosing another code starts afresh.
  const [last, setLast] = useState({ editId, result });
  if (editId !== last.editId || (result && result !== last.result)) setLast({ editId, result });
  const shown = result ?? (editId === last.editId ? last.result : undefined);
  // A refused post keeps what was typed; a saved one starts a fresh form (keyed by the answer).
  const refused = shown && !shown.ok ? shown : undefined;
  return (
    <div className="space-y-6">
      <DiscountForm
        key={`${editing?.id ?? "new"}-${shown?.toast.id ?? ""}`}
        editing={editing}
        errors={refused?.errors}
        posted={refused?.values}
      />

      {codes.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 p-8 text-center text-stone-600">
          No discount codes yet.
        </p>
      ) : (
        <>
          <ul aria-label="Discount codes" className="space-y-3 md:hidden">
            {codes.map((code) => (
              <li key={code.id} className="space-y-2 rounded-2xl border border-stone-200 bg-white p-4">
                <div className="flex items-center justify-between gap-2">
                  <p className="font-mono text-sm font-semibold text-ink">{code.code}</p>
                  <StatusPill code={code} now={now} />
                </div>
                <p className="text-sm text-stone-700">
                  {discountValueLabel(code)}
                  {code.minSubtotalCents > 0 && ` · minimum ${formatMoney(code.minSubtotalCents)}`}
                </p>
                <p className="text-xs text-stone-600">
                  <Dates code={code} />
                </p>
                <p className="text-xs text-stone-600">Uses: {uses(code)}</p>
                <CodeActions code={code} />
              </li>
            ))}
          </ul>

          <AdminTable caption="Discount codes" columns={TABLE_COLUMNS} minWidth="min-w-[880px]">
            {codes.map((code) => (
              <tr key={code.id} className="align-top">
                <th scope="row" className="px-4 py-3 font-mono font-semibold text-ink">
                  {code.code}
                </th>
                <td className="px-4 py-3">{discountValueLabel(code)}</td>
                <td className="px-4 py-3 text-stone-700">
                  {code.minSubtotalCents > 0 ? formatMoney(code.minSubtotalCents) : "None"}
                </td>
                <td className="px-4 py-3 text-stone-700">
                  <Dates code={code} />
                </td>
                <td className="px-4 py-3 text-stone-700">{uses(code)}</td>
                <td className="px-4 py-3">
                  <StatusPill code={code} now={now} />
                </td>
                <td className="px-4 py-3">
                  <CodeActions code={code} />
                </td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
    </div>
  );
}
