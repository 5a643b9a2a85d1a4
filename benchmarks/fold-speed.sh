#!/usr/bin/env bash
# How fast the report folds recordings with Java monitor waits in them, in a JVM limited to 1 GB of heap
# (FoldSpeedBenchmark: the whole report, all four outputs; it prints the time and the peak heap):
#   generated   a million wall-clock samples the benchmark writes itself (regions, barrier waits, deep stacks)
#   monitors    ContendedMonitors under profile=wall at 20 us for SECONDS_MONITORS (default 60), with the agent's profile
#               settings: about a million samples of the program's threads, its monitor waits above JFR's thresholds
#   every-wait  the same for 20 s with every wait recorded (JFR's locking-threshold and the agent's ompt-sync-threshold
#               at 0, so jdk.JavaMonitorEnter and jdk.JavaMonitorWait at every length): millions of Object.wait events
# Usage: benchmarks/fold-speed.sh     (from anywhere, after a build: mvn -B -q -ntp install -DskipTests)
#   SECONDS_MONITORS=60   how long the first ContendedMonitors run lasts
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${SECONDS_MONITORS:-60}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
agent=$PWD/agent/target/ompt-agent.jar
pool=-Djava.util.concurrent.ForkJoinPool.common.parallelism=4

# Runs ContendedMonitors for $1 seconds into $2, with the JVM options that follow.
record() {
    local run_seconds=$1 file=$2
    shift 2
    # shellcheck disable=SC2086 # the pool option is empty or one word
    java $pool "$@" -javaagent:"$agent"=profile=wall,interval=20us,jfr="$file" -cp benchmarks/target/classes \
        io.github.ompt4j.benchmarks.monitors.ContendedMonitors "$run_seconds" >/dev/null
}

# Folds file $2 (none: the generated recording) and prints its line, labelled $1.
fold_report() {
    local label=$1 file=${2:-}
    if ! mvn -B -q -ntp -pl profiles test -Dtest=FoldSpeedBenchmark -Dompt4j.benchmark=fold \
        ${file:+-Dompt4j.benchmark.file="$file"} -Dsurefire.failIfNoSpecifiedTests=false >"$out/$label.log" 2>&1; then
        cat "$out/$label.log" >&2
        echo "$label: the report failed (above)" >&2
        return 1
    fi
    printf '%-11s %s\n' "$label" "$(sed -n 's/^samples: [^;]*; \(.*\)$/\1/p; s/^report status 0: \(.*\)$/  \1/p' \
        "$out/$label.log" | paste -sd ' ')"
}

echo "recording ContendedMonitors for $seconds s, then 20 s with every monitor wait recorded" >&2
record "$seconds" "$out/monitors.jfr"
jfr configure --input profile,jfr-events/src/main/jfc/ompt-profile.jfc locking-threshold=0ms ompt-sync-threshold=0ms \
    --output "$out/every-wait.jfc" >/dev/null
record 20 "$out/every-wait.jfr" -Dompt4j.jfr.settings="$out/every-wait.jfc"

fold_report generated
fold_report monitors "$out/monitors.jfr"
fold_report every-wait "$out/every-wait.jfr"
