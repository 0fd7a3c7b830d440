import type { ReactNode } from "react";

/**
 * The admin's data table for wide screens (md and up; phones get each panel's own card list):
 * a captioned, scrollable table under a row of column headings. `children` are the rows.
 * `minWidth` is a Tailwind min-w-[…] class, written out where it is used so Tailwind finds it.
 */
export function AdminTable({
  caption,
  columns,
  minWidth,
  children,
}: {
  caption: string;
  columns: readonly string[];
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white md:block">
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wide text-stone-600">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}
