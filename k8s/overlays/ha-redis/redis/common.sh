# Sourced by the Redis pods' scripts (k8s/overlays/ha-redis): who this pod is, and what
# the Sentinels say. POSIX sh and redis-cli only (the redis image's busybox).
#
# Environment: SELF, this pod's name as the others reach it (redis-N.redis-headless);
# PEERS, every pod's such name, space-separated; LOCAL, where this pod's own servers
# answer (127.0.0.1); CONF, this folder (redis.conf, sentinel.conf); DATA, the
# container's writable emptyDir; REDIS_PASSWORD, and REDISCLI_AUTH for redis-cli.

: "${SELF:?}" "${PEERS:?}" "${CONF:?}" "${DATA:?}" "${REDIS_PASSWORD:?}" "${REDISCLI_AUTH:?}"
LOCAL=${LOCAL:-127.0.0.1}

REDIS_PORT=$(awk '$1 == "port" { print $2; exit }' "$CONF/redis.conf")
SENTINEL_PORT=$(awk '$1 == "port" { print $2; exit }' "$CONF/sentinel.conf")
# `sentinel monitor <name> <bootstrap primary> <port> <quorum>`: the one place the name
# and the bootstrap primary are written.
read -r MASTER_NAME BOOTSTRAP_PRIMARY <<EOF2
$(awk '$1 == "sentinel" && $2 == "monitor" { print $3, $4 " " $5; exit }' "$CONF/sentinel.conf")
EOF2
# In milliseconds, from the same file: how long a failover may take.
FAILOVER_TIMEOUT_MS=$(awk '$1 == "sentinel" && $2 == "failover-timeout" { print $4; exit }' "$CONF/sentinel.conf")

# redis-cli with a bound on a peer that does not answer (a NetworkPolicy drops, it does
# not refuse); the reply without carriage returns, nothing when there is none.
cli() {
  timeout 2 redis-cli --no-auth-warning "$@" 2>/dev/null | tr -d '\r'
}

# The primary as the first Sentinel that answers names it, "host port"; nothing when no
# Sentinel answers (the set is starting) or none knows one.
sentinel_primary() {
  for peer in $PEERS; do
    # Two lines, host and port; an error or nil is anything else.
    set -- $(cli -h "$peer" -p "$SENTINEL_PORT" SENTINEL get-master-addr-by-name "$MASTER_NAME")
    if [ $# -eq 2 ] && [ -n "$2" ] && [ -z "$(printf '%s' "$2" | tr -d 0-9)" ]; then
      echo "$1 $2"
      return
    fi
  done
}

# Whether "host port" is this pod.
is_self() {
  [ "${1% *}" = "$SELF" ]
}

# Whether a Sentinel lists a replica of the primary that is up (flags exactly `slave`:
# not down, not disconnected), one a failover can promote.
replica_up() {
  for peer in $PEERS; do
    if cli -h "$peer" -p "$SENTINEL_PORT" SENTINEL replicas "$MASTER_NAME" |
      awk 'flags && $0 == "slave" { up = 1 } { flags = ($0 == "flags") } END { exit !up }'; then
      return 0
    fi
  done
  return 1
}

# Writes a config value double-quoted, as Redis reads it (a password may hold anything).
quoted() {
  printf '"%s"' "$(printf '%s' "$1" | sed 's/[\\"]/\\&/g')"
}
