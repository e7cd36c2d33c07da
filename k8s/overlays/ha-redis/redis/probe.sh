# Readiness of the Redis pods' containers (k8s/overlays/ha-redis).
#   probe.sh redis:    the primary answers; a replica once its link to the primary is up
#                      (a rollout then waits for a replaced replica to hold the data before
#                      taking the next pod).
#   probe.sh sentinel: the Sentinel names a primary.
. "$CONF/common.sh"

case "$1" in
  redis)
    info=$(cli -h "$LOCAL" -p "$REDIS_PORT" INFO replication)
    case "$info" in
      *role:master*) ;;
      *master_link_status:up*) ;;
      *) exit 1 ;;
    esac
    ;;
  sentinel)
    set -- $(cli -h "$LOCAL" -p "$SENTINEL_PORT" SENTINEL get-master-addr-by-name "$MASTER_NAME")
    [ $# -eq 2 ]
    ;;
  *) exit 2 ;;
esac
