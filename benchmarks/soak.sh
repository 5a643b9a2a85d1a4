#!/usr/bin/env bash
# A soak: the Stress mix (agent/src/test/java/io/github/ompt4j/agent/stress: 64 platform threads and
# batches of 10,000 virtual threads over every framework and construct at once) for MINUTES minutes under
# profile=wall with every output (out=), watched from outside every INTERVAL seconds:
#   heap     the heap in use after a full GC (jcmd GC.run, then GC.heap_info), MB
#   rss      the resident set (VmRSS of /proc/<pid>/status), MB
#   threads  the JVM's threads (Threads of /proc/<pid>/status)
#   fds      open file descriptors (/proc/<pid>/fd)
#   jfr      the JFR repository on disk (the recording so far, in its chunks), MB
# Flat: for each figure, the median of the last third of the samples after the first minute against the
# median of the first third: heap within +25 % + 8 MB, RSS within +15 %, threads within +10 % + 16 (barrier
# parties and virtual-thread carriers come and go), fds within +8, the repository within +25 % + 64 MB. At
# exit: status 0, the program's own checks passed, every output written and non-empty, the recording within
# the agent's 250 MB cap plus one chunk (JFR drops whole chunks, and at this mix's 10 MB a second a chunk
# holds 100 MB: 400 MB in all). Prints the table, one verdict line a figure, and exits 1 unless all hold.
#
# Usage: benchmarks/soak.sh    (after a build: mvn -B -ntp install -DskipTests, which compiles the test
#   classes; the JDK of JAVA_HOME or PATH)   MINUTES=10 INTERVAL=10 SEED=<n> KEEP=1 (keep the outputs)
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${MINUTES:-10}
interval=${INTERVAL:-10}
seed=${SEED:-random}
cap_mb=250
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
jcmd=$(dirname "$(readlink -f "$(command -v "$java")")")/jcmd
cp=agent/target/test-classes:directives/target/classes
test -f agent/target/ompt-agent.jar && test -d agent/target/test-classes/io/github/ompt4j/agent/stress \
    || { echo "soak.sh: build first (mvn -B -ntp install -DskipTests)" >&2; exit 1; }
dir=$(mktemp -d)
[ "${KEEP:-0}" = 1 ] && echo "outputs kept in $dir" || trap 'rm -rf "$dir"' EXIT
out=$dir/out
repo=$dir/repository

"$java" -XX:FlightRecorderOptions:repository="$repo" \
    -javaagent:agent/target/ompt-agent.jar=profile=wall,out="$out" -cp "$cp" \
    io.github.ompt4j.agent.stress.Stress "$seed" $((minutes * 60)) 300 >"$dir/stdout" 2>"$dir/stderr" &
pid=$!
start=$(date +%s)
samples=$dir/samples
printf '%6s %8s %8s %8s %6s %8s\n' seconds heap_mb rss_mb threads fds jfr_mb | tee "$samples.txt"
while sleep "$interval" && kill -0 "$pid" 2>/dev/null; do
    "$jcmd" "$pid" GC.run >/dev/null 2>&1 || break
    # "used NK" on the heap's line: JDK 17 prints "total NK, used NK", JDK 25 "total reserved NK, committed NK, used NK".
    heap=$("$jcmd" "$pid" GC.heap_info 2>/dev/null | sed -n 's/.* heap .*used \([0-9]*\)K.*/\1/p' | head -n 1)
    rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || break
    threads=$(awk '/^Threads:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || break
    fds=$(find "/proc/$pid/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
    jfr=$(du -sb "$repo" 2>/dev/null | cut -f1)
    [ -n "$heap" ] && [ -n "$rss" ] || break
    awk -v t=$(($(date +%s) - start)) -v h="$heap" -v r="$rss" -v n="$threads" -v f="$fds" -v j="${jfr:-0}" \
        'BEGIN { printf "%6d %8.1f %8.1f %8d %6d %8.1f\n", t, h / 1024, r / 1024, n, f, j / 1e6 }' | tee -a "$samples.txt"
done
status=0
wait "$pid" || status=$?
grep '^stress: ' "$dir/stdout" | grep -v '^stress: t=' || true

verdict=0
fail() { echo "NOT FLAT: $*"; verdict=1; }
[ "$status" = 0 ] || fail "the program exited with $status: $(tail -n 20 "$dir/stderr")"
grep -q '^stress: done' "$dir/stdout" || fail "the program did not finish"
for f in recording.jfr flame.html timeline.html report.txt stacks.txt profile.pb.gz profile.otlp.pb trace.json; do
    [ -s "$out/$f" ] || fail "no $f written at exit"
done
recording=$(stat -c %s "$out/recording.jfr" 2>/dev/null || echo 0)
echo "recording: $(awk -v b="$recording" 'BEGIN { printf "%.1f", b / 1e6 }') MB (cap $cap_mb MB); outputs: $(ls "$out" | tr '\n' ' ')"
[ "$recording" -le $(((cap_mb + 150) * 1024 * 1024)) ] || fail "the recording is above the cap and a chunk"
# The table's figures, after the first minute: first third against last third, by median.
awk -v warm=60 'NR > 1 && $1 > warm { n++; for (c = 2; c <= 6; c++) v[c, n] = $c }
    function median(c, from, to,   k, m, a, i, j, t) {
        m = 0; for (i = from; i <= to; i++) a[++m] = v[c, i]
        for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
        return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
    END {
        if (n < 6) { print "NOT FLAT: too few samples after the first minute (" n ")"; exit 1 }
        third = int(n / 3); bad = 0
        split("heap_mb rss_mb threads fds jfr_mb", name, " ")
        for (c = 2; c <= 6; c++) {
            first = median(c, 1, third); last = median(c, n - third + 1, n)
            if (c == 2) limit = first * 1.25 + 8; else if (c == 3) limit = first * 1.15
            else if (c == 4) limit = first * 1.10 + 16; else if (c == 5) limit = first + 8; else limit = first * 1.25 + 64
            ok = last <= limit; bad += !ok
            printf "%-8s first third %8.1f, last third %8.1f, limit %8.1f: %s\n", name[c - 1], first, last, limit, ok ? "flat" : "NOT FLAT"
        }
        exit bad > 0 }' "$samples.txt" || verdict=1
if [ "$verdict" = 0 ]; then echo "verdict: flat (${minutes} min, JDK $("$java" -version 2>&1 | head -n 1))"; else echo "verdict: NOT flat"; fi
exit "$verdict"
