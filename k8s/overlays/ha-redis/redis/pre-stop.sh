# The Redis container's preStop (k8s/overlays/ha-redis): a primary that is
# asked to stop (a rollout, a node drain) hands over first instead of leaving the
# Sentinels to notice it gone. It holds writes (they wait, then fail when it stops,
# rather than land where the failover discards them), so the replicas catch up; asks its
# Sentinel for a failover; and waits, a while, until the Sentinels name another primary.
set -u
. "$CONF/common.sh"

[ "$(cli -h "$LOCAL" -p "$REDIS_PORT" ROLE | head -n 1)" = master ] || exit 0
cli -h "$LOCAL" -p "$REDIS_PORT" CLIENT PAUSE 20000 WRITE >/dev/null
if [ "$(cli -h "$LOCAL" -p "$SENTINEL_PORT" SENTINEL FAILOVER "$MASTER_NAME")" != OK ]; then
  # No replica to promote: stop as the primary, writes no longer held.
  cli -h "$LOCAL" -p "$REDIS_PORT" CLIENT UNPAUSE >/dev/null
  exit 0
fi
waited=0
while [ "$waited" -lt 15 ]; do
  primary=$(sentinel_primary)
  if [ -n "$primary" ] && ! is_self "$primary"; then
    echo "handed over to $primary"
    exit 0
  fi
  sleep 1
  waited=$((waited + 1))
done
