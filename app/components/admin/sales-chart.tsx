import { Link } from "react-router";
import { formatMoney } from "../../../domain/money";
import {
  type DaySales,
  axisTop,
  dayLabel,
  overviewHref,
  SALES_WINDOWS,
  type SalesSeries,
  type SalesWindow,
} from "../../../domain/sales-series";

export interface SalesData extends SalesSeries {
  window: SalesWindow;
  timeZone: string;
}

/**
 * The Overview's sales (decision 053): revenue per day and orders per day as two small bar charts,
 * each under its own heading, so neither is told apart by colour; drawn on the server as SVG, no
 * script. The period switch is three links (?days=7|30|90); the figures are also a table under
 * "Show as table" for screen readers and for anyone who wants the numbers.
 */
export function SalesChart({ sales }: { sales: SalesData }) {
  const period = `last ${sales.window} days`;
  return (
    <section aria-labelledby="sales-heading" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="sales-heading" className="text-lg font-semibold">
          {`Sales, ${period}`}
        </h2>
        <nav aria-label="Sales period">
          <ul className="flex gap-1">
            {SALES_WINDOWS.map((days) => {
              const active = days === sales.window;
              return (
                <li key={days}>
                  <Link
                    to={overviewHref(days)}
                    aria-current={active ? "page" : undefined}
                    preventScrollReset
                    className={`inline-flex rounded-full border px-3 py-1.5 text-sm font-medium ${
                      active ? "border-ink bg-ink text-white" : "border-stone-300 text-ink hover:border-ink"
                    }`}
                  >
                    {`${days} days`}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {formatMoney(sales.totalRevenueCents)} from {sales.totalOrders.toLocaleString("en-US")}{" "}
        {sales.totalOrders === 1 ? "order" : "orders"}. Days in {sales.timeZone}; revenue is what customers paid less
        refunds, cancelled orders count nothing.
        {sales.sandboxOrders > 0 &&
          ` Sandbox orders are left out: ${sales.sandboxOrders} in these days, no real money.`}
      </p>

      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <BarChart
          title="Revenue per day"
          days={sales.days}
          value={(d) => d.revenueCents}
          format={(cents) => formatMoney(cents)}
          unit={100}
          barClass="fill-brand-600"
        />
        <BarChart
          title="Orders per day"
          days={sales.days}
          value={(d) => d.orders}
          format={(n) => n.toLocaleString("en-US")}
          unit={1}
          barClass="fill-stone-700"
        />
      </div>

      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline underline-offset-2">
          Show as table
        </summary>
        <div className="mt-2">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{`Revenue and orders per day, ${period} (${sales.timeZone})`}</caption>
            <thead>
              <tr className="border-b border-stone-200">
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1.5 pr-4 text-right font-medium">
                  Orders
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {sales.days.map((d) => (
                <tr key={d.day} className="border-b border-stone-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {dayLabel(d.day, true)}
                  </th>
                  <td className="py-1 pr-4 text-right tabular-nums">{d.orders}</td>
                  <td className="py-1 text-right tabular-nums">{formatMoney(d.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** The highest day, said in the chart's label: "highest $120.00 on Nov 3". */
function peak(days: DaySales[], value: (d: DaySales) => number): DaySales | null {
  let best: DaySales | null = null;
  for (const d of days) if (value(d) > 0 && (!best || value(d) > value(best))) best = d;
  return best;
}

function BarChart({
  title,
  days,
  value,
  format,
  unit,
  barClass,
}: {
  title: string;
  days: DaySales[];
  value: (d: DaySales) => number;
  format: (n: number) => string;
  /** The axis counts in whole units: 100 cents, 1 order. */
  unit: number;
  barClass: string;
}) {
  const top = axisTop(Math.max(0, ...days.map(value)), unit);
  const best = peak(days, value);
  const summary = best
    ? `${title}: highest ${format(value(best))} on ${dayLabel(best.day)}.`
    : `${title}: none in these days.`;
  const width = days.length;
  const middle = days[Math.floor((days.length - 1) / 2)];
  return (
    <figure>
      <figcaption className="text-sm font-medium text-stone-800">{title}</figcaption>
      <div className="mt-2 grid grid-cols-[auto_1fr] gap-x-2">
        {/* The axis: its top value, half of it, and zero; the bars are drawn against the same three lines. */}
        <div aria-hidden="true" className="flex h-32 flex-col justify-between text-right text-xs text-stone-600">
          <span className="-mt-2">{format(top)}</span>
          <span>{format(top / 2)}</span>
          <span className="-mb-2">{format(0)}</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className="h-32 w-full overflow-visible"
        >
          {[0, 50, 100].map((y) => (
            <line
              key={y}
              x1={0}
              x2={width}
              y1={y}
              y2={y}
              className="stroke-stone-300"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
              strokeDasharray={y === 100 ? undefined : "3 3"}
            />
          ))}
          {days.map((d, i) => {
            const h = (value(d) / top) * 100;
            return h > 0 ? (
              <rect key={d.day} x={i + 0.15} width={0.7} y={100 - h} height={h} className={barClass}>
                <title>{`${dayLabel(d.day)}: ${format(value(d))}`}</title>
              </rect>
            ) : null;
          })}
        </svg>
        <div />
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-stone-600">
          <span>{dayLabel(days[0].day)}</span>
          {days.length > 2 && <span>{dayLabel(middle.day)}</span>}
          <span>{dayLabel(days[days.length - 1].day)}</span>
        </div>
      </div>
    </figure>
  );
}
