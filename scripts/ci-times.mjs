// Prints CI's step times against their budgets (docs/testing.md, "Budgets"), then the total against
// the total's budget. Usage: node scripts/ci-times.mjs TIMES_FILE TOTAL_SECONDS TOTAL_BUDGET.
// TIMES_FILE holds "NAME SECONDS BUDGET EXIT_CODE" lines (scripts/timed.sh). It reports; it fails nothing.
import { readFileSync } from "node:fs";

const [file, total, totalBudget] = process.argv.slice(2);
const rows = readFileSync(file, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [name, seconds, budget] = line.split(" ");
    return { name, seconds: Number(seconds), budget: Number(budget) };
  });
rows.push({ name: "total", seconds: Number(total), budget: Number(totalBudget) });
const verdict = (row) => (row.seconds <= row.budget ? "within" : `OVER by ${row.seconds - row.budget} s`);
console.log(`${"step".padEnd(18)} ${"time".padStart(7)} ${"budget".padStart(7)}`);
for (const row of rows) {
  console.log(
    `${row.name.padEnd(18)} ${`${row.seconds} s`.padStart(7)} ${`${row.budget} s`.padStart(7)}  ${verdict(row)}`,
  );
}
