# What the benchmark scripts share; sourced, not run.

# A free loopback port.
port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }

# The headers of a `curl -D` dump (FILE) the bare server repeats, one per line: every one
# the edge sent but the status line, Date, Content-Length, the connection's own and
# Set-Cookie, so that the bare server answers what the edge answered. Read them with
# `mapfile -t keep < <(bare_headers FILE)`.
bare_headers() {
  local line
  while IFS= read -r line; do
    line=${line%$'\r'}
    case "${line%%:*}" in
      HTTP/*|""|[Dd]ate|[Cc]ontent-[Ll]ength|[Cc]onnection|[Kk]eep-[Aa]live|[Tt]ransfer-[Ee]ncoding|[Ss]et-[Cc]ookie) ;;
      *) printf '%s\n' "$line" ;;
    esac
  done < "$1"
}

# N requests to PORT for PATH with ACCEPT-ENCODING on one keep-alive connection, bodies
# read in full: `send PORT PATH ACCEPT N`.
send() {
  python3 - "$1" "$2" "$3" "$4" <<'PY'
import http.client, sys
port, path, accept, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
c = http.client.HTTPConnection("127.0.0.1", int(port))
for _ in range(n):
    c.request("GET", path, headers={"Accept-Encoding": accept})
    r = c.getresponse(); r.read()
    assert r.status == 200, r.status
PY
}

# Waits until URL answers 2xx, at most SECONDS (default 120); says so and fails if not.
wait_ready() {
  local url=$1 tries=$(( ${2:-120} * 5 ))
  for _ in $(seq "$tries"); do curl -sf -o /dev/null "$url" && return 0; sleep 0.2; done
  echo "not ready: $url" >&2
  return 1
}

# `vitrine all` from BIN on PORT with no mock delay, on the embedded store or, with MODE
# `--redis`, on a Redis of its own started here; their pids are added to the caller's
# `pids` (the edge's last); returns once the edge is ready. A fourth word, such as
# `taskset -c 1`, runs `vitrine all` under it. `start_all BIN PORT [MODE] [WRAPPER]`
start_all() {
  local bin=$1 edge=$2 mode=${3:-} wrapper=${4:-} env_extra=()
  if [ "$mode" = "--redis" ]; then
    local rport; rport=$(port)
    redis-server --port "$rport" --save '' --appendonly no >/dev/null & pids+=($!)
    for _ in $(seq 50); do redis-cli -p "$rport" ping >/dev/null 2>&1 && break; sleep 0.1; done
    env_extra=(VITRINE_REDIS_URL="redis://127.0.0.1:$rport/")
  fi
  env "${env_extra[@]}" VITRINE_HTTP_ADDR=127.0.0.1:$edge VITRINE_MOCK_DELAY_MS=0 RUST_LOG=warn \
    $wrapper "$bin/vitrine" all >/dev/null 2>&1 & pids+=($!)
  wait_ready "http://127.0.0.1:$edge/readyz"
}

# The CPU time process PID has used, in clock ticks (user and system, every thread).
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# Runs COMMAND (wrk, or wrk under `taskset -c N`) against the server whose process is
# PID; prints wrk's output, then a line `cores SERVER% WRK%`: the share of one core each
# used while it ran (a server's near 100 % and wrk's below it: the server set the pace,
# not wrk). `load_with_cores PID COMMAND…`
load_with_cores() {
  local pid=$1 c0 c1 out; shift
  c0=$(cpu_ticks "$pid")
  out=$(/usr/bin/time -f 'wrk-cpu %U %S %e' "$@" 2>&1)
  c1=$(cpu_ticks "$pid")
  echo "$out"
  awk -v server=$(( c1 - c0 )) -v hz="$(getconf CLK_TCK)" '$1 == "wrk-cpu" {
    printf "cores %.0f %.0f\n", 100 * server / hz / $4, 100 * ($2 + $3) / $4 }' <<<"$out"
}

# `vitrine all` from BIN on PORT under callgrind, collection off, its profiles written
# as PREFIX.<pid>…; its pid in `callgrind_pid`. Kept answers stay fresh for the whole
# measurement: under valgrind a run takes minutes, and the background refresh of a page
# every 10 s (React's render included) would be counted in its requests, where at a
# real load it is spread over a million. `start_all_callgrind BIN PORT PREFIX`
start_all_callgrind() {
  local bin=$1 edge=$2 prefix=$3
  VITRINE_HTTP_ADDR=127.0.0.1:$edge VITRINE_MOCK_DELAY_MS=0 VITRINE_RESPONSE_FRESH_S=3600 RUST_LOG=warn \
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$prefix.%p" \
    "$bin/vitrine" all >/dev/null 2>"$prefix.log" & callgrind_pid=$!
  wait_ready "http://127.0.0.1:$edge/readyz"
}

# Instructions per request of the callgrind-run process PID on PORT: 50 warming
# requests, then collection on for exactly N requests for PATH with ACCEPT (one keep-alive
# connection), off, dumped; the instructions counted in the whole process (every thread)
# divided by N. The dump stays at PREFIX.<pid>.1. `callgrind_count PID PORT PATH ACCEPT N PREFIX`
callgrind_count() {
  local pid=$1 port=$2 path=$3 accept=$4 n=$5 prefix=$6
  send "$port" "$path" "$accept" 50
  callgrind_control -i on "$pid" >/dev/null 2>&1
  send "$port" "$path" "$accept" "$n"
  callgrind_control -i off "$pid" >/dev/null 2>&1
  callgrind_control -d "$pid" >/dev/null 2>&1
  sleep 1
  # The dump's totals line is the instructions (Ir) counted since collection was on.
  local ir; ir=$(awk '/^totals:/ {s += $2} END {print s + 0}' "$prefix.$pid".*)
  echo $(( ir / n ))
}
