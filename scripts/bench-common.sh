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
