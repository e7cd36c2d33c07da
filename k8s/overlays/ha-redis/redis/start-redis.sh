# This pod's redis-server, started as the primary or as a replica
# (k8s/overlays/ha-redis). Decided on every start of the container, not once per pod (an
# init container), because a restarted Redis has no data (no persistence) whichever way
# it restarted.
#
# - The Sentinels name a primary: replicate it. So a pod 0 recreated after a failover
#   joins the new primary rather than starting a second one.
# - They name this pod: it restarted before they noticed. Started as the primary, it would
#   hand its empty dataset to the replicas, which hold the data; so wait while they fail
#   over to one of those (down-after-milliseconds, then the vote), and replicate it. Only
#   when no replica is up to promote, or the failover does not come, start as the primary.
# - No Sentinel answers: the set is starting from nothing, and every pod agrees on the
#   bootstrap primary (sentinel.conf's monitor line, pod 0).
set -eu
. "$CONF/common.sh"
# The shell is PID 1 while it waits: without a handler it would ignore the kubelet's TERM.
trap 'exit 143' TERM INT

primary=$(sentinel_primary)
if [ -z "$primary" ]; then
  primary=$BOOTSTRAP_PRIMARY
elif is_self "$primary"; then
  waited=0
  while is_self "$primary" && [ "$waited" -lt $((FAILOVER_TIMEOUT_MS / 1000)) ] && replica_up; do
    echo "the Sentinels still name this pod ($SELF), restarted empty: waiting for their failover"
    sleep 1
    waited=$((waited + 1))
    primary=$(sentinel_primary)
    [ -n "$primary" ] || primary="$SELF $REDIS_PORT"
  done
fi

umask 077
{
  cat "$CONF/redis.conf"
  echo "dir $DATA"
  # The name the Sentinels learn for this pod and hand to the clients (its DNS name, not
  # an IP that changes when the pod is recreated).
  echo "replica-announce-ip $SELF"
  echo "requirepass $(quoted "$REDIS_PASSWORD")"
  echo "masterauth $(quoted "$REDIS_PASSWORD")"
  if ! is_self "$primary"; then
    echo "replicaof $primary"
  fi
} >"$DATA/redis.conf"
if is_self "$primary"; then
  echo "starting as the primary ($SELF)"
else
  echo "starting as a replica of $primary"
fi
exec redis-server "$DATA/redis.conf"
