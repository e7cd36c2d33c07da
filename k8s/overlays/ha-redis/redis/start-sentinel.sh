# This pod's Sentinel (k8s/overlays/ha-redis). Its config is written anew on
# every start: the primary the other Sentinels name now (else the bootstrap one), this
# pod's announced name and a Sentinel id derived from it, so that a recreated pod is the
# same Sentinel to the others rather than a fourth one that raises the majority a
# failover needs.
set -eu
. "$CONF/common.sh"
trap 'exit 143' TERM INT

primary=$(sentinel_primary)
[ -n "$primary" ] || primary=$BOOTSTRAP_PRIMARY
# With resolve-hostnames Sentinel refuses to start on a name that does not resolve yet (a
# new pod's DNS record follows it by a moment): wait for the primary to answer, a while.
tries=0
while [ -z "$(cli -h "${primary% *}" -p "${primary#* }" PING)" ] && [ "$tries" -lt 30 ]; do
  sleep 1
  tries=$((tries + 1))
done

umask 077
{
  sed "s/^sentinel monitor $MASTER_NAME [^ ]* [0-9]* /sentinel monitor $MASTER_NAME $primary /" "$CONF/sentinel.conf"
  echo "dir $DATA"
  echo "sentinel announce-ip $SELF"
  echo "sentinel myid $(printf '%s' "$SELF" | sha1sum | cut -c1-40)"
  # The Sentinels' own password (the same Secret): clients and the other Sentinels give it.
  echo "requirepass $(quoted "$REDIS_PASSWORD")"
  echo "sentinel auth-pass $MASTER_NAME $(quoted "$REDIS_PASSWORD")"
} >"$DATA/sentinel.conf"
echo "monitoring $MASTER_NAME at $primary"
exec redis-sentinel "$DATA/sentinel.conf"
