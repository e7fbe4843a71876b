#!/usr/bin/env bash
# The README's first command, timed from a fresh clone (issue 30, item 8).
#
# Clones the committed HEAD of this repository (or of QUIRE_REPO) into a new directory under
# /tmp, runs the README's `npx -y pnpm@10 install --frozen-lockfile` with pnpm's store as it is
# (warm after any earlier install on this machine), then the README's `pnpm start` with its
# bootstrap token, and polls until the web app's `/` serves the app's page and `/v1/orgs`
# answers that token with 200. Prints, per run, the wall seconds of each phase and the CPU
# seconds (user+sys, all threads and children) of the install and of the start until both
# answered; the CPU is what to compare while other work shares the machine's cores.
#
# Usage: bash bench/first-start.sh [runs]        (default 1 run; RUNS=3 works too)
# Env:   QUIRE_REPO (default: this repository), KEEP=1 keeps the clone, FIRST_START_TIMEOUT (s, 600).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO="${QUIRE_REPO:-$HERE}"
RUNS="${1:-${RUNS:-1}}"
TIMEOUT="${FIRST_START_TIMEOUT:-600}"
TOKEN=quire_dev_0123456789abcdefghijkl
TICKS="$(getconf CLK_TCK)"

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# CPU ticks (user+sys of the process and of its reaped children) of a process and its descendants.
tree_ticks() {
  local pid="$1" total=0 child
  if [[ -r "/proc/$pid/stat" ]]; then
    # Fields after the command's closing parenthesis: utime is the 12th, then stime, cutime, cstime.
    total=$(sed 's/.*) //' "/proc/$pid/stat" | awk '{ print $12 + $13 + $14 + $15 }')
  fi
  for child in $(ps -o pid= --ppid "$pid" 2>/dev/null); do
    total=$((total + $(tree_ticks "$child")))
  done
  echo "$total"
}

free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"
}

answers() {
  local port="$1"
  curl -fs --max-time 2 "http://127.0.0.1:$port/" | grep -q '<div id="root">' &&
    [[ "$(curl -s --max-time 2 -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" \
      "http://127.0.0.1:$port/v1/orgs")" == 200 ]]
}

one_run() {
  local run="$1" dir port t0 t1 t2 install_cpu start_pid start_cpu log
  dir="$(mktemp -d /tmp/quire-first-start.XXXXXX)"
  log="$dir.start.log"
  git clone -q "$REPO" "$dir"
  cd "$dir"

  t0=$(now)
  /usr/bin/time -f '%U %S' -o "$dir.install-cpu" npx -y pnpm@10 install --frozen-lockfile >"$dir.install.log" 2>&1
  t1=$(now)
  install_cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$dir.install-cpu")

  port="$(free_port)"
  # Its own session (setsid), so that the whole tree (npx, pnpm, the server) is stopped by its id.
  HOST=127.0.0.1 PORT="$port" QUIRE_BOOTSTRAP_TOKEN="$TOKEN" LOG_LEVEL=warn \
    setsid npx -y pnpm@10 start >"$log" 2>&1 &
  start_pid=$!
  until answers "$port"; do
    if ! kill -0 "$start_pid" 2>/dev/null; then
      echo "run $run: the start ended before the app answered; its output:" >&2
      cat "$log" >&2
      exit 1
    fi
    if (($(awk -v a="$t1" -v b="$(now)" -v t="$TIMEOUT" 'BEGIN { print (b - a > t) }'))); then
      echo "run $run: no answer after ${TIMEOUT} s; the start's output:" >&2
      cat "$log" >&2
      kill -- "-$start_pid" 2>/dev/null || true
      exit 1
    fi
    sleep 0.1
  done
  t2=$(now)
  start_cpu=$(awk -v t="$(tree_ticks "$start_pid")" -v hz="$TICKS" 'BEGIN { printf "%.1f", t / hz }')

  kill -INT -- "-$start_pid" 2>/dev/null || true
  wait "$start_pid" 2>/dev/null || true

  local builds
  builds=$(grep -o 'built[^(]*in [0-9]* ms' "$log" | paste -sd ';' - || true)
  printf 'run %s: install %ss (cpu %ss), start until / and /v1 answer %ss (cpu %ss), total %ss [%s]\n' \
    "$run" "$(seconds "$t0" "$t1")" "$install_cpu" "$(seconds "$t1" "$t2")" "$start_cpu" \
    "$(seconds "$t0" "$t2")" "$builds"

  cd /tmp
  if [[ "${KEEP:-}" == 1 ]]; then
    echo "kept $dir"
  else
    rm -rf "$dir" "$dir".*
  fi
}

echo "first start of $(git -C "$REPO" rev-parse --short HEAD) ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
for run in $(seq 1 "$RUNS"); do one_run "$run"; done
