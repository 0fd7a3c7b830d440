import { runCli } from "./commands";
import { processIo } from "./io";

/** `npm run store -- <command>`: build/server-main/cli.js, bundled with the server (scripts/build-server.mjs). */
const code = await runCli(process.argv.slice(2), processIo());
process.exitCode = code;
