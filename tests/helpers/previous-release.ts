import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * The release before this one: the upgrade test (tests/system/upgrade.test.ts) builds it from git
 * and runs it beside the new build on one database. CHANGELOG.md lists it; at each release, set
 * this to the release that just shipped (its version and the commit it was cut from).
 */
export const PREVIOUS_RELEASE = {
  version: "0.5.0",
  commit: "d00f6bd9b7a0e72802de4bcf4130763b924a154e",
} as const;

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const MARKER = ".previous-release.json";

export interface PreparedRelease {
  version: string;
  commit: string;
  /** The release's tree, built: `build/server-main/main.js` is its server, `cli.js` its command line. */
  dir: string;
  serverEntry: string;
  cliEntry: string;
  /** True when an earlier run had built it (nothing was done this time but checks). */
  cached: boolean;
  /** How its dependencies came: the current node_modules linked (same lockfile), or its own `npm ci`. */
  dependencies: "linked" | "installed";
  /** Seconds each step took when it was built (an earlier run's figures when cached). */
  seconds: { checkout: number; dependencies: number; build: number };
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

async function git(args: string[]) {
  return run("git", ["-C", ROOT, ...args], { encoding: "utf8" });
}

/** Fails, saying what to do, when the clone the tests run in does not hold the release's commit (never a skip). */
async function requireCommit(commit: string, version: string) {
  try {
    await git(["cat-file", "-e", `${commit}^{commit}`]);
  } catch (error) {
    const shallow = await git(["rev-parse", "--is-shallow-repository"]).then(
      (r) => r.stdout.trim() === "true",
      () => false,
    );
    throw new Error(
      `The upgrade test builds the previous release ${version} from git, but commit ${commit} is not in the repository at ${ROOT}` +
        `${shallow ? " (a shallow clone)" : ""}: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}. ` +
        `Run the tests in a clone with full history (\`git fetch --unshallow\`, or \`git fetch origin ${commit}\`).`,
    );
  }
}

/** Env for the release's own `npm` commands: not the test runner's (NODE_ENV=test, vitest's variables). */
function buildEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NPM_CONFIG_FUND: "false", NPM_CONFIG_AUDIT: "false" };
  for (const name of Object.keys(env)) if (name === "NODE_ENV" || name.startsWith("VITEST")) delete env[name];
  return env;
}

/**
 * The release's node_modules: the current checkout's, linked, when the two lockfiles are the same
 * byte for byte (the same packages at the same versions); otherwise its own `npm ci`.
 */
async function installDependencies(dir: string): Promise<"linked" | "installed"> {
  const target = path.join(dir, "node_modules");
  const same = readFileSync(path.join(dir, "package-lock.json")).equals(
    readFileSync(path.join(ROOT, "package-lock.json")),
  );
  if (same && existsSync(path.join(ROOT, "node_modules"))) {
    if (lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(target);
    symlinkSync(realpathSync(path.join(ROOT, "node_modules")), target, "dir");
    return "linked";
  }
  try {
    await run("npm", ["ci", "--no-audit", "--no-fund", "--no-progress", "--prefer-offline"], {
      cwd: dir,
      env: buildEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    throw new Error(`npm ci of the previous release in ${dir} failed:\n${printed(error)}`);
  }
  return "installed";
}

/** What a failed command printed: its start (npm says why there) and its end (a build's error is there). */
const printed = (error: unknown) => {
  const e = error as { stdout?: string; stderr?: string; message: string };
  const text = `${e.stdout ?? ""}\n${e.stderr ?? ""}`.trim();
  if (!text) return e.message;
  return text.length > 4000 ? `${text.slice(0, 2000)}\n…\n${text.slice(-2000)}` : text;
};

/**
 * The tree of `commit`, checked out with `git worktree add --detach` and copied out (the worktree
 * is removed at once, so `git worktree list` and `git status` are as before), into `dir`.
 */
async function checkOut(commit: string, dir: string) {
  const staging = mkdtempSync(path.join(os.tmpdir(), "threadline-release-checkout-"));
  const tree = path.join(staging, "tree");
  await git(["worktree", "add", "--detach", "--quiet", tree, commit]);
  try {
    cpSync(tree, dir, { recursive: true, filter: (source) => path.basename(source) !== ".git" });
  } finally {
    await git(["worktree", "remove", "--force", tree]);
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The previous release, built and ready to run: `git worktree add` of its commit (copied out of the
 * worktree, which is removed again), its dependencies (linked or installed), the demo pictures
 * this checkout already drew (.cache/demo-pictures; pictures are keyed by their drawing, so
 * those the release draws alike are not drawn again), and its own `npm run build`. The result is
 * kept in the system's temporary folder under the commit's name, so a second run only checks it.
 * Several runs at once each build in a folder of their own and the first to finish keeps its own.
 */
export async function preparePreviousRelease(release: { version: string; commit: string } = PREVIOUS_RELEASE) {
  await requireCommit(release.commit, release.version);
  const dir = path.join(os.tmpdir(), `threadline-previous-${release.commit}`);
  const entries = (base: string) => ({
    serverEntry: path.join(base, "build", "server-main", "main.js"),
    cliEntry: path.join(base, "build", "server-main", "cli.js"),
  });

  if (existsSync(path.join(dir, MARKER)) && existsSync(entries(dir).serverEntry)) {
    const before = JSON.parse(readFileSync(path.join(dir, MARKER), "utf8")) as Pick<
      PreparedRelease,
      "dependencies" | "seconds"
    >;
    // A linked node_modules may point at a checkout that is gone: link this one's again.
    const dependencies = existsSync(path.join(dir, "node_modules", "pg"))
      ? before.dependencies
      : await installDependencies(dir);
    return { ...release, dir, ...entries(dir), cached: true, dependencies, seconds: before.seconds } as PreparedRelease;
  }

  const work = mkdtempSync(`${dir}.building-`);
  try {
    let started = performance.now();
    await checkOut(release.commit, work);
    const checkout = seconds(started);

    started = performance.now();
    const dependencies = await installDependencies(work);
    const installed = seconds(started);

    const pictures = path.join(ROOT, ".cache", "demo-pictures");
    if (existsSync(pictures)) cpSync(pictures, path.join(work, ".cache", "demo-pictures"), { recursive: true });
    started = performance.now();
    try {
      await run("npm", ["run", "build"], { cwd: work, env: buildEnv(), maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      throw new Error(
        `npm run build of the previous release ${release.version} (${release.commit}) failed:\n${printed(error)}`,
      );
    }
    const built = seconds(started);
    const facts = { dependencies, seconds: { checkout, dependencies: installed, build: built } };
    writeFileSync(path.join(work, MARKER), `${JSON.stringify({ ...release, ...facts }, null, 2)}\n`);
    // A folder there without the marker is what a run that was killed half-way left.
    if (existsSync(dir) && !existsSync(path.join(dir, MARKER))) rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(work, dir);
    } catch (error) {
      // Another run finished first: keep its tree, drop this one.
      if (!existsSync(path.join(dir, MARKER))) throw error;
      rmSync(work, { recursive: true, force: true });
    }
    return { ...release, dir, ...entries(dir), cached: false, ...facts } as PreparedRelease;
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}
