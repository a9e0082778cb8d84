#!/usr/bin/env bash
# The shell part of action.yml: run the verbs asked for, merge what they wrote with `report`, write
# the job summary, the SARIF and the HTML report, and exit with the worst verb's code (after the
# reports are written, so the upload steps that follow always have something to upload).
# Inputs come as INPUT_CONFIG, INPUT_VERBS, INPUT_FAIL_ON, INPUT_BASELINE, INPUT_SHARD, INPUT_OUT.
set -uo pipefail

schemalab=${SCHEMALAB:-"npx --no-install schemalab"}
out=${INPUT_OUT:-"${RUNNER_TEMP:-/tmp}/schemalab"}
verbs=${INPUT_VERBS:-run}
mkdir -p "$out/results"

config_args=()
[ -n "${INPUT_CONFIG:-}" ] && config_args=(--config "$INPUT_CONFIG")
fail_on=()
[ -n "${INPUT_FAIL_ON:-}" ] && fail_on=(--fail-on "$INPUT_FAIL_ON")
shard=()
[ -n "${INPUT_SHARD:-}" ] && shard=(--shard "$INPUT_SHARD")
suffix=${INPUT_SHARD:+-${INPUT_SHARD/\//-of-}}

worst=0
note() { [ "$1" -gt "$worst" ] && worst=$1; return 0; }

for verb in ${verbs//,/ }; do
  case "$verb" in
    run)
      $schemalab run "${config_args[@]}" --out "$out/run" >/dev/null; note $?
      cp "$out/run/results.jsonl" "$out/results/run.jsonl" 2>/dev/null ;;
    fuzz)
      $schemalab fuzz "${config_args[@]}" "${shard[@]}" "${fail_on[@]}" --format json --out "$out/results/fuzz$suffix.json" >/dev/null; note $? ;;
    check|compat|probe|conformance|dispatch)
      extra=()
      [ "$verb" = probe ] && extra=(--emulator)
      [ "$verb" = check ] || [ "$verb" = probe ] && extra+=("${fail_on[@]}")
      $schemalab "$verb" "${config_args[@]}" "${extra[@]}" --format json >"$out/results/$verb.json"; note $? ;;
    *)
      echo "::error title=schemalab action::unknown verb '$verb' (run, fuzz, check, compat, probe, conformance, dispatch)"; exit 2 ;;
  esac
done

baseline=()
[ -n "${INPUT_BASELINE:-}" ] && [ -z "${INPUT_SHARD:-}" ] && baseline=(--baseline "$INPUT_BASELINE")
shopt -s nullglob
inputs=("$out"/results/*.json "$out"/results/*.jsonl)
if [ "${#inputs[@]}" -gt 0 ]; then
  summary=${GITHUB_STEP_SUMMARY:-/dev/null}
  $schemalab report --no-config --in "${inputs[@]}" "${baseline[@]}" --out "$out/report" --format md >>"$summary"; note $?
  # With the config: results are located in its catalogs (file:line:col).
  $schemalab report "${config_args[@]}" --in "${inputs[@]}" --out "$out/report" --format sarif >"$out/schemalab.sarif" 2>/dev/null
  $schemalab report "${config_args[@]}" --in "${inputs[@]}" --out "$out/report" --format github 2>/dev/null
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  {
    echo "report-dir=$out/report"
    echo "results-dir=$out/results"
    echo "sarif=$out/schemalab.sarif"
    echo "exit-code=$worst"
  } >>"$GITHUB_OUTPUT"
fi
exit "$worst"
