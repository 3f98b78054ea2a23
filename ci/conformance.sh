#!/usr/bin/env bash
# Runs the conformance suite in CI, the same way everywhere: the GitHub Action (action.yml) and the
# GitLab CI template (ci/gitlab/conformance.gitlab-ci.yml) both run this script, shipped in the
# package, so a pipeline and a laptop run one command. Settings come from the environment, so that
# keys stay in the CI's secrets and out of its configuration:
#
#   CONFORMANCE_SERVICE          bank-payments or check-cashing (required)
#   CONFORMANCE_BASE_URL         the server under test (required); waited for, see below
#   CONFORMANCE_SECRET_KEY       } the keys (bank-payments)
#   CONFORMANCE_PUBLISHABLE_KEY  }
#   CONFORMANCE_FIXTURES         a fixtures file (docs/conformance.md, "Fixtures")
#   CONFORMANCE_SETTINGS         a settings file (docs/conformance.md, "Settings")
#   CONFORMANCE_TRIGGERS         true when the server implements the sandbox's test triggers (default false: --no-triggers)
#   CONFORMANCE_REPORT_DIR       where the JUnit, Markdown and HTML reports go (default conformance-reports)
#   CONFORMANCE_ARGS             more options, as words (--thorough, --max-failures 20, --seed=-5 ...)
#   CONFORMANCE_WAIT_SECONDS     how long to wait for the base URL to accept connections (default 60)
#   CONFORMANCE_COMMAND          the command to run (default: the project's installed `conformance`)
#
# Exit codes are the suite's (0 passed, 1 a failure, 2 a usage error, 3 errors inside the suite);
# the reports are written whatever the verdict. In GitHub Actions the Markdown report's summary is
# also added to the job's summary page.
set -uo pipefail

: "${CONFORMANCE_SERVICE:?set CONFORMANCE_SERVICE to bank-payments or check-cashing}"
: "${CONFORMANCE_BASE_URL:?set CONFORMANCE_BASE_URL to the server under test}"
report_dir=${CONFORMANCE_REPORT_DIR:-conformance-reports}

args=(--service "$CONFORMANCE_SERVICE" --base-url "$CONFORMANCE_BASE_URL" --report "$report_dir")
[[ -n "${CONFORMANCE_SECRET_KEY:-}" ]] && args+=(--secret-key "$CONFORMANCE_SECRET_KEY")
[[ -n "${CONFORMANCE_PUBLISHABLE_KEY:-}" ]] && args+=(--publishable-key "$CONFORMANCE_PUBLISHABLE_KEY")
[[ -n "${CONFORMANCE_FIXTURES:-}" ]] && args+=(--fixtures "$CONFORMANCE_FIXTURES")
[[ -n "${CONFORMANCE_SETTINGS:-}" ]] && args+=(--settings "$CONFORMANCE_SETTINGS")
[[ "${CONFORMANCE_TRIGGERS:-false}" == "true" ]] || args+=(--no-triggers)
if [[ -n "${CONFORMANCE_ARGS:-}" ]]; then
  read -r -a more <<< "$CONFORMANCE_ARGS"
  args+=("${more[@]}")
fi

if [[ -n "${CONFORMANCE_COMMAND:-}" ]]; then
  read -r -a command <<< "$CONFORMANCE_COMMAND"
elif [[ -x node_modules/.bin/conformance ]]; then
  command=(node_modules/.bin/conformance)
else
  command=(npx --no-install conformance)
fi

# A server started in the step before may still be starting: wait until it accepts a connection.
node -e '
  const { connect } = require("node:net");
  const url = new URL(process.argv[1]);
  const deadline = Date.now() + 1000 * Number(process.argv[2]);
  const port = url.port || (url.protocol === "https:" ? 443 : 80);
  const attempt = () => {
    const socket = connect({ host: url.hostname, port }, () => { socket.end(); process.exit(0); });
    socket.on("error", () => {
      if (Date.now() > deadline) { console.error(`conformance: nothing answers on ${url.host} after ${process.argv[2]} s`); process.exit(1); }
      setTimeout(attempt, 500);
    });
  };
  attempt();
' "$CONFORMANCE_BASE_URL" "${CONFORMANCE_WAIT_SECONDS:-60}" || exit 1

mkdir -p "$report_dir"
"${command[@]}" "${args[@]}"
code=$?

markdown="$report_dir/conformance-$CONFORMANCE_SERVICE.md"
if [[ -n "${GITHUB_STEP_SUMMARY:-}" && -f "$markdown" ]]; then
  # The verdict and the failures: the report up to its coverage matrices (the whole file is in the artifact).
  sed '/^## Coverage matrix/,$d' "$markdown" | head -c 900000 >> "$GITHUB_STEP_SUMMARY"
fi
exit "$code"
