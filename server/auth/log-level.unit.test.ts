import { describe, expect, it } from "vitest";
import { ServiceUnavailableError } from "../../domain/errors";
import { type AuthLogLevel, authLogLevel } from "./log-level";

const apiError = (status: string, message: string) => Object.assign(new Error(message), { status });
const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("the level of a better-auth line", () => {
  it.each<[string, string, string, unknown[], boolean, AuthLogLevel]>([
    ["a wrong password (its API error)", "error", "Invalid email or password", [], true, "warn"],
    ["a callback without state", "error", "State not found", [apiError("BAD_REQUEST", "state")], true, "warn"],
    ["a malformed callback", "error", "INVALID_CALLBACK_REQUEST", [new Error("Invalid input")], true, "warn"],
    ["a code the provider refused", "error", "Failed to validate authorization code", [new Error("400")], true, "warn"],
    ["its note on a wrong password", "warn", "Invalid password", [], true, "info"],
    ["an unknown account", "warn", "User not found", [], true, "info"],
    ["its internal failure", "error", "INTERNAL_SERVER_ERROR", [new Error("boom")], true, "error"],
    ["an API error of its own fault", "error", "", [apiError("INTERNAL_SERVER_ERROR", "boom")], true, "error"],
    ["the database away", "error", "ServiceUnavailableError", [new ServiceUnavailableError()], true, "debug"],
    ["the database away, raw", "error", "Failed to read session", [refused], true, "debug"],
    ["a configuration problem at start-up", "error", "Provider not found", [], false, "error"],
    ["a warning at start-up", "warn", "Social provider google is missing clientId", [], false, "warn"],
    ["its chatter", "info", "Sign-up attempt for existing email", [], true, "debug"],
  ])("%s", (_, level, message, args, inRequest, expected) => {
    expect(authLogLevel(level, message, args, inRequest)).toBe(expected);
  });
});
