# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# What the proxy benchmarks share, sourced by them from the repository's root: an nginx origin
# serving $photos, nuke-server and thumbor started and stopped, wrk runs measured (req/s,
# latency, the server's CPU per request and peak RSS) and printed as table rows.
# Before sourcing: work, photos, origin_port, nuke_port, thumbor_port, THUMBOR_EXTRA (lines added to
# thumbor's configuration).

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

# The origin, nginx serving $photos.
start_origin() {
    cat >"$work/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events {}
http {
    access_log off;
    server { listen 127.0.0.1:$origin_port; root $photos; }
}
CONF
    nginx -c "$work/nginx.conf" -p "$work" &
    pids+=($!)
}

# nuke-server: signed URLs; the scripts turn its caches of results off where thumbor keeps none
# (thumbor's default); originals are cached by both (thumbor's file storage, our HTTP cache).
swift build -c release --package-path Server --product nuke-server >/dev/null
key=$(python3 -c 'print("ab" * 32)') salt=$(python3 -c 'print("cd" * 16)')
start_nuke() { # extra arguments
    rm -rf "$work/nuke-cache"
    Server/.build/release/nuke-server --port "$nuke_port" --key "$key" --salt "$salt" \
        --allow-private-addresses --cache-directory "$work/nuke-cache" "$@" 2>"$work/nuke-server.log" &
    server_pid=$!
    pids+=("$server_pid")
}
start_thumbor() {
    rm -rf "$work/thumbor-storage"
    cat >"$work/thumbor.conf" <<CONF
QUALITY = 80
RESULT_STORAGE = None
STORAGE = 'thumbor.storages.file_storage'
FILE_STORAGE_ROOT_PATH = '$work/thumbor-storage'
ALLOW_UNSAFE_URL = True
${THUMBOR_EXTRA:-}
CONF
    # One process per core, as nuke-server uses every core.
    thumbor --ip 127.0.0.1 --port "$thumbor_port" --conf "$work/thumbor.conf" --processes "$(nproc)" \
        -l error 2>"$work/thumbor.log" &
    server_pid=$!
    pids+=("$server_pid")
}
stop_server() {
    pkill -P "$server_pid" 2>/dev/null || true
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
}
wait_for() { # port
    for _ in $(seq 1 300); do curl -s -o /dev/null "http://127.0.0.1:$1/" && return 0; sleep 0.1; done
    echo "nothing listens on $1"; exit 1
}
# The server's processes (thumbor forks a child per core).
server_pids() { echo "$server_pid" $(pgrep -P "$server_pid" || true); }
# CPU ticks of the server's processes, their reaped children's included (fields 14 to 17).
cpu_ticks() { local total=0 ticks; for pid in $(server_pids); do
        ticks=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$pid/stat" 2>/dev/null) || continue
        total=$((total + ticks)); done; echo "$total"; }
peak_rss_mb() { local total=0 kb; for pid in $(server_pids); do
        kb=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null) || continue
        total=$((total + ${kb:-0})); done; echo $((total / 1024)); }

# One wrk Lua script per server from lines "path" or "path|Accept" on stdin: thread i of n asks
# for URLs i, i + n, i + 2n…, so that threads never ask for the same URL at the same time (which
# the server would coalesce).
write_script() { # name
    {
        echo "paths = {"
        while IFS='|' read -r path accept; do echo "  {\"$path\", \"$accept\"},"; done
        echo "}"
        cat <<'LUA'
local threads = 0
function setup(thread) thread:set("index", threads); threads = threads + 1 end
function init(args) counter = tonumber(index); step = tonumber(args[1]) end
function request()
  local entry = paths[(counter % #paths) + 1]
  counter = counter + step
  if entry[2] ~= "" then return wrk.format("GET", entry[1], {["Accept"] = entry[2]}) end
  return wrk.format("GET", entry[1])
end
LUA
    } >"$work/$1.lua"
}

# Photos for the origin: every JPEG of 1 to 16 MP under the folders in $PHOTOS, linked as
# photo-NNN.jpg into $work/real-photos; without $PHOTOS, COUNT generated ones. Sets photos and
# photo_count.
prepare_photos() { # count when generated
    if [ -n "${PHOTOS:-}" ]; then
        photos="$work/real-photos"
        rm -rf "$photos"
        mkdir -p "$photos"
        # shellcheck disable=SC2086
        python3 - "$photos" $PHOTOS <<'PY'
import os, sys
from PIL import Image
out, found = sys.argv[1], []
for root in sys.argv[2:]:
    for folder, _, files in os.walk(root):
        for name in files:
            if name.lower().endswith((".jpg", ".jpeg")):
                path = os.path.realpath(os.path.join(folder, name))
                with Image.open(path) as image:
                    if 1_000_000 <= image.width * image.height <= 16_000_000 and path not in found:
                        found.append(path)
for index, path in enumerate(sorted(found)):
    os.symlink(path, os.path.join(out, "photo-%03d.jpg" % index))
PY
    else
        photos="$work/photos"
        mkdir -p "$photos"
        [ -f "$photos/photo-$(printf %03d $(($1 - 1))).jpg" ] || python3 Server/Benchmarks/make-photos.py "$photos" "$1"
    fi
    photo_count=$(find "$photos" -name 'photo-*.jpg' | wc -l)
    [ "$photo_count" -gt 0 ] || { echo "no photos in ${PHOTOS:-$photos}"; exit 1; }
}

# Signs nuke-server paths read from stdin with the benchmark's key and salt ("path" or
# "path|Accept" lines, the Accept kept).
sign_paths() {
    python3 -c '
import base64, hashlib, hmac, sys
key, salt = bytes.fromhex(sys.argv[1]), bytes.fromhex(sys.argv[2])
for line in sys.stdin:
    path, _, accept = line.rstrip("\n").partition("|")
    mac = hmac.new(key, salt + path.encode(), hashlib.sha256).digest()
    print("/" + base64.urlsafe_b64encode(mac).rstrip(b"=").decode() + path + ("|" + accept if accept else ""))
' "$key" "$salt"
}

# Runs wrk and prints "requests/s p50-ms p99-ms cpu-ms-per-request peak-rss-MB".
measure() { # server, connections, seconds, script-or-path
    local server=$1 connections=$2 seconds=$3 target=$4 port
    port=$([ "$server" = nuke ] && echo "$nuke_port" || echo "$thumbor_port")
    local arguments=(-t "$connections" -c "$connections" -d "${seconds}s" --latency --timeout 30s)
    local script=()
    if [ -f "$target" ]; then arguments+=(-s "$target"); url="http://127.0.0.1:$port/"; script=(-- "$connections");
    else url="http://127.0.0.1:$port$target"; fi
    local before after
    before=$(cpu_ticks)
    wrk "${arguments[@]}" "$url" "${script[@]}" >"$work/wrk.out"
    after=$(cpu_ticks)
    python3 - "$work/wrk.out" "$before" "$after" "$(getconf CLK_TCK)" "$(peak_rss_mb)" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
before, after, tick, rss = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
def ms(label):
    m = re.search(r"^\s*%s%%\s+([\d.]+)(us|ms|s)" % label, text, re.M)
    value = float(m.group(1))
    return value / 1000 if m.group(2) == "us" else value * 1000 if m.group(2) == "s" else value
requests = int(re.search(r"(\d+) requests in", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
cpu = (after - before) / tick * 1000 / max(requests, 1)
print("%.1f %.1f %.1f %.1f %s %s" % (rate, ms("50"), ms("99"), cpu, rss, errors.group(1) if errors else 0))
PY
}

row() { # run, server, figures
    read -r rate p50 p99 cpu rss errors <<<"$3"
    echo "| $1 | $2 | $rate | $p50 ms | $p99 ms | $cpu ms | $rss MB | $errors |"
}
