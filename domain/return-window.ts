/**
 * The return window the store announces (the footer, the returns page, the product page) and
 * enforces (domain/returns.ts). A module of its own so the footer, on every page, loads this
 * figure and not the return rules with it.
 */
export const RETURN_WINDOW_DAYS = 30;
