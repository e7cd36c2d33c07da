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
