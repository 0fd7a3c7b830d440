import { version } from "../package.json";
import { applicationNameOf } from "../domain/migrations";

/**
 * This build's version, package.json's "version" (CHANGELOG.md says what each one changed). In the
 * start-up log lines and `/readyz`; the bundle (scripts/build-server.mjs) carries it, so the
 * running store never reads package.json.
 */
export const STORE_VERSION: string = version;

/** PostgreSQL's `application_name` on every connection of this build: `threadline/<version>` (decision 041). */
export const APPLICATION_NAME = applicationNameOf(STORE_VERSION);
