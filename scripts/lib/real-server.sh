# shellcheck shell=bash
# What scripts/real-medusa and scripts/real-vendure share: a real commerce server from the
# npm registry, installed into a cache outside the checkout, on a throwaway PostgreSQL
# that listens on a unix socket only, seeded once and then restored from a cached dump.
#
# The sourcing script sets, before calling anything here:
#   NAME      its name, the prefix of every line it prints (real-medusa)
#   PROJECT   the deploy folder with package.json and package-lock.json
#   INSTALL   the cache folder the project is installed into (keyed by its lock)
#   DB_NAME   the database's name
# and uses: install_project, start_serving, start_postgres, restore_database,
# save_database, run_in, wait_for, bound_port, psql_value, then hold_until_exit.

CACHE="${VITRINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vitrine}"
PG_PORT=5432 # names the socket file only: listen_addresses is empty

# Deadlines, in seconds (a cold machine building Rust beside us is slow).
INITDB_DEADLINE=120
PG_DEADLINE=60
RESTORE_DEADLINE=120
STOP_DEADLINE=20

say() { echo "$NAME: $*"; }
note() { echo "$NAME: $*" >&2; }
die() {
  echo "$NAME: $*" >&2
  exit 1
}

# The PostgreSQL server's binaries: initdb's folder when it is on PATH, else the newest
# of Debian's (kept out of PATH), with initdb, postgres and the client tools together.
pg_bin() {
  local dir candidates=()
  if command -v initdb >/dev/null; then
    candidates+=("$(dirname "$(readlink -f "$(command -v initdb)")")")
  fi
  mapfile -t -O "${#candidates[@]}" candidates < <(printf "%s\n" /usr/lib/postgresql/*/bin | sort -V -r)
  for dir in "${candidates[@]}"; do
    if [ -x "$dir/initdb" ] && [ -x "$dir/postgres" ] && [ -x "$dir/pg_restore" ] && [ -x "$dir/psql" ]; then
      echo "$dir"
      return
    fi
  done
  return 1
}

# PostgreSQL's server (apt-get as root; otherwise says the command and exits 1), then
# `npm ci` of $PROJECT into $INSTALL. Idempotent: a second run only checks.
install_project() {
  if ! pg_bin >/dev/null; then
    if [ "$(id -u)" -ne 0 ]; then
      note "PostgreSQL's server is missing; install it with:"
      echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends postgresql" >&2
      exit 1
    fi
    note "installing PostgreSQL (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    pg_bin >/dev/null || die "apt-get installed postgresql but no initdb/postgres/pg_restore was found"
  fi
  command -v npm >/dev/null || die "npm is required (Node.js 20.19 or newer)"
  if [ -f "$INSTALL/node_modules/.package-lock.json" ]; then
    note "installed: $INSTALL"
    return
  fi
  mkdir -p "$CACHE"
  # Installed beside the final folder and moved into place whole: an interrupted or a
  # concurrent install never leaves a half folder where the next run would trust it.
  local work
  work=$(mktemp -d "$CACHE/.$(basename "$INSTALL").XXXXXX")
  cp "$PROJECT/package.json" "$PROJECT/package-lock.json" "$work/"
  note "installing $PROJECT (npm ci) into $INSTALL"
  # --ignore-scripts: no package the server needs builds anything at install (npm 11
  # skips install scripts unless allowed anyway).
  if ! (cd "$work" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >"$work/npm.log" 2>&1); then
    tail -n 40 "$work/npm.log" >&2
    rm -rf "$work"
    die "npm ci failed"
  fi
  if ! mv -T "$work" "$INSTALL" 2>/dev/null; then
    rm -rf "$work" # another install got there first
  fi
  [ -f "$INSTALL/node_modules/.package-lock.json" ] || die "the install at $INSTALL is incomplete"
  note "installed: $INSTALL"
}

TMP=""
SERVER_PID=""
PG_PID=""
CHILD_PID=""

# PostgreSQL refuses to run as root: as root, its programs run as `postgres` (setpriv
# execs in place, so a pid we hold is the program's own); otherwise as ourselves.
AS_PG=()
[ "$(id -u)" -ne 0 ] || AS_PG=(setpriv --reuid=postgres --regid=postgres --init-groups)

# Waits for `$3…` to succeed, checking every 0.2 s, for at most $1 seconds ($2 says what
# is awaited); a watched process ($WATCH_PID) that dies ends the wait early. On failure,
# says what did not happen and shows the end of $WATCH_LOG.
WATCH_PID=""
WATCH_LOG=""
wait_for() {
  local deadline=$(($(date +%s) + $1)) what=$2
  shift 2
  until "$@" >/dev/null 2>&1; do
    if [ -n "$WATCH_PID" ] && ! kill -0 "$WATCH_PID" 2>/dev/null; then
      fail "$what: the process exited"
    fi
    if [ "$(date +%s)" -ge "$deadline" ]; then
      fail "$what: not within its deadline"
    fi
    sleep 0.2
  done
}

fail() {
  note "$1"
  if [ -n "$WATCH_LOG" ] && [ -f "$WATCH_LOG" ]; then
    note "last lines of $WATCH_LOG:"
    tail -n 40 "$WATCH_LOG" | cut -c1-2000 >&2
  fi
  exit 1
}

# In folder $1, runs `$4…` with a deadline of $2 seconds, its output to $3 (its end
# shown on failure). In the background, so that a signal to this script is handled at
# once (the cleanup stops it).
run_in() {
  local dir=$1 seconds=$2 log=$3 code=0 deadline
  shift 3
  deadline=$(($(date +%s) + seconds))
  (cd "$dir" && exec "$@") >"$log" 2>&1 &
  CHILD_PID=$!
  while kill -0 "$CHILD_PID" 2>/dev/null; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      stop_pid "$CHILD_PID" TERM
      WATCH_PID="" WATCH_LOG=$log
      fail "not done within ${seconds}s: $*"
    fi
    sleep 0.2
  done
  wait "$CHILD_PID" || code=$?
  CHILD_PID=""
  if [ "$code" -ne 0 ]; then
    WATCH_PID="" WATCH_LOG=$log
    fail "failed (status $code): $*"
  fi
}

# The TCP port process $1 listens on (its listening socket, from /proc: no ss needed).
bound_port() {
  local pid=$1 inodes
  inodes=" $(find "/proc/$pid/fd" -lname 'socket:\[*' -printf '%l\n' 2>/dev/null | tr -dc '0-9\n' | tr '\n' ' ') "
  [ "$inodes" != "  " ] || return 1
  # sl local_address rem_address st tx:rx tr:tm retrnsmt uid timeout inode; st 0A = LISTEN
  while read -r _ local _ st _ _ _ _ _ inode _; do
    if [ "$st" = "0A" ] && [[ $inodes == *" $inode "* ]]; then
      echo $((16#${local##*:}))
      return 0
    fi
  done < <(tail -n +2 "/proc/$pid/net/tcp")
  return 1
}

# 200 from the server's /health on port $1 (bash's /dev/tcp: no curl needed).
healthy() {
  local status
  exec 3<>"/dev/tcp/127.0.0.1/$1" || return 1
  printf 'GET /health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
  IFS= read -r -t 5 status <&3 || status=""
  exec 3<&- 3>&-
  [[ $status == "HTTP/1."?" 200"* ]]
}

pg_ready() { "$PG_BIN/pg_isready" -q -h "$TMP/pg" -p "$PG_PORT" -d postgres -U postgres; }

psql_value() { "$PG_BIN/psql" -X -q -At -h "$TMP/pg" -p "$PG_PORT" -U postgres -d "$DB_NAME" -v ON_ERROR_STOP=1 -c "$1"; }

# Stops $1 with signal $2, then waits for it; SIGKILL after the deadline.
stop_pid() {
  local pid=$1 signal=$2 deadline
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill "-$signal" "$pid" 2>/dev/null || true
  deadline=$(($(date +%s) + STOP_DEADLINE))
  while kill -0 "$pid" 2>/dev/null && [ "$(date +%s)" -lt "$deadline" ]; do sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  set +e
  stop_pid "$CHILD_PID" TERM
  stop_pid "$SERVER_PID" TERM
  # SIGINT is PostgreSQL's fast shutdown.
  stop_pid "$PG_PID" INT
  wait 2>/dev/null
  [ -n "$TMP" ] && rm -rf "$TMP"
  exit "$status"
}

# serve's common start: `--env-file FILE` read into ENV_FILE (absolute), the script
# re-executed as the leader of its own process group (so that killing the group stops
# the servers too; a job started with `&` by a script is not a group leader, and setsid
# keeps our pid then), the install checked, the cleanup trapped, and a temporary folder
# TMP (pg/ for PostgreSQL, app/ and home/ for the server). "$SELF" is the script.
ENV_FILE=""
start_serving() {
  while [ $# -gt 0 ]; do
    case $1 in
      --env-file) ENV_FILE=${2:?--env-file needs a file}; shift 2 ;;
      --env-file=*) ENV_FILE=${1#*=}; shift ;;
      *) die "serve: unknown argument $1" ;;
    esac
  done
  [ -z "$ENV_FILE" ] || ENV_FILE=$(readlink -m "$ENV_FILE")
  if [ "$(sed 's/.*) //' /proc/$$/stat | cut -d' ' -f3)" != "$$" ]; then
    exec setsid "$SELF" serve ${ENV_FILE:+--env-file "$ENV_FILE"}
  fi
  install_project >&2
  PG_BIN=$(pg_bin)
  trap cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  TMP=$(mktemp -d "${TMPDIR:-/tmp}/$NAME.XXXXXX")
  chmod 711 "$TMP"
  mkdir -p "$TMP/pg" "$TMP/app" "$TMP/home"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --user-group --home-dir /var/lib/postgresql --shell /bin/sh postgres
    chown postgres: "$TMP/pg"
  fi
  chmod 700 "$TMP/pg"
  note "folder $TMP"
}

# PostgreSQL in $TMP/pg: a throwaway cluster, durability off (it lives as long as the
# serve), on its unix socket only, with an empty database $DB_NAME.
start_postgres() {
  run_in "$TMP" "$INITDB_DEADLINE" "$TMP/initdb.log" \
    "${AS_PG[@]}" "$PG_BIN/initdb" -D "$TMP/pg/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync
  "${AS_PG[@]}" "$PG_BIN/postgres" -D "$TMP/pg/data" -p "$PG_PORT" -c listen_addresses= \
    -c unix_socket_directories="$TMP/pg" -c fsync=off -c synchronous_commit=off \
    -c full_page_writes=off >"$TMP/postgres.log" 2>&1 &
  PG_PID=$!
  WATCH_PID=$PG_PID WATCH_LOG="$TMP/postgres.log"
  wait_for "$PG_DEADLINE" "PostgreSQL accepting connections" pg_ready
  "$PG_BIN/createdb" -h "$TMP/pg" -p "$PG_PORT" -U postgres "$DB_NAME"
}

# The cached database of key $1 (what makes it: the seed, the config, this format),
# beside the install: restored into $DB_NAME when there; returns 1 when there is none or
# it did not restore (the database is then empty again).
DUMP=""
restore_database() {
  DUMP="$INSTALL/db-$1.dump"
  [ -f "$DUMP" ] || return 1
  note "restoring the seeded database from $DUMP"
  if timeout --foreground "$RESTORE_DEADLINE" "$PG_BIN/pg_restore" -h "$TMP/pg" -p "$PG_PORT" -U postgres \
    -d "$DB_NAME" --no-owner --exit-on-error "$DUMP" >"$TMP/restore.log" 2>&1; then
    return 0
  fi
  note "the cached database did not restore (kept aside as $DUMP.bad); seeding afresh"
  tail -n 10 "$TMP/restore.log" >&2
  mv -f "$DUMP" "$DUMP.bad" 2>/dev/null || true
  "$PG_BIN/dropdb" -h "$TMP/pg" -p "$PG_PORT" -U postgres "$DB_NAME"
  "$PG_BIN/createdb" -h "$TMP/pg" -p "$PG_PORT" -U postgres "$DB_NAME"
  return 1
}

# The seeded database kept for the next serve (restore_database's key): written aside
# and moved into place whole.
save_database() {
  if "$PG_BIN/pg_dump" -h "$TMP/pg" -p "$PG_PORT" -U postgres -Fc -f "$DUMP.$$" "$DB_NAME" 2>"$TMP/dump.log"; then
    mv -f "$DUMP.$$" "$DUMP"
  else
    note "could not cache the database (the next serve seeds again):"
    cat "$TMP/dump.log" >&2
    rm -f "$DUMP.$$"
  fi
}

# A cached database's key: the files named (- for standard input), then PostgreSQL's version.
database_key() {
  { cat "$@"; "$PG_BIN/postgres" --version; } | sha256sum | cut -c1-16
}

# `export NAME=value` lines ($@, as NAME=value) into ENV_FILE, when serve was given one:
# written aside and moved into place, so a reader never sees half of it.
write_env_file() {
  [ -n "$ENV_FILE" ] || return 0
  local pair
  for pair in "$@"; do echo "export $pair"; done >"$ENV_FILE.$$"
  mv -f "$ENV_FILE.$$" "$ENV_FILE"
}

# Until a signal (the traps) or the death of either server, polled; then the end of
# each log ($@). (Started with `&` by a script, serve ignores SIGINT, as bash makes every
# such job do: stop it with SIGTERM there.)
hold_until_exit() {
  while kill -0 "$SERVER_PID" 2>/dev/null && kill -0 "$PG_PID" 2>/dev/null; do
    sleep 0.5
  done
  note "a server exited on its own"
  local log
  for log in "$@" "$TMP/postgres.log"; do
    note "last lines of $log:"
    tail -n 20 "$log" | cut -c1-2000 >&2
  done
  exit 1
}

# The settings a served server wrote (`--env-file FILE`, or already in the environment):
# $1 is the variable that must then be set.
load_env() {
  local required=$1
  shift
  while [ $# -gt 0 ]; do
    case $1 in
      --env-file) # shellcheck disable=SC1090
        . "${2:?--env-file needs a file}"; shift 2 ;;
      --env-file=*) # shellcheck disable=SC1090
        . "${1#*=}"; shift ;;
      *) die "unknown argument $1" ;;
    esac
  done
  [ -n "${!required:-}" ] || die "no $required: start scripts/$NAME serve --env-file FILE, then pass --env-file FILE"
}

# The usage: the sourcing script's header comment.
usage() {
  sed -n '2,/^set -euo/p' "$SELF" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}
