import { runCli } from "./commands";
import { processIo } from "./io";
import { keepNewFilesPrivate } from "../private-files";

/** `npm run store -- <command>`: build/server-main/cli.js, bundled with the server (scripts/build-server.mjs). */
// Files it writes (the database, backups, exports) are for their owner only (server/private-files.ts).
keepNewFilesPrivate();
const code = await runCli(process.argv.slice(2), processIo());
process.exitCode = code;
