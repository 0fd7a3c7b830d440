#!/usr/bin/env bash
# Runs a CI step and appends "NAME SECONDS BUDGET" to $CI_TIMES (.ci/run prints them against their
# budgets at the end: scripts/ci-times.mjs). Usage: timed.sh NAME BUDGET_SECONDS COMMAND [ARG ...].
# The step's exit code is the command's; a failed step is written with its time too.
set -uo pipefail
name=$1 budget=$2
shift 2
start=$(date +%s)
"$@"
code=$?
echo "$name $(($(date +%s) - start)) $budget $code" >>"${CI_TIMES:-/dev/null}"
exit "$code"
