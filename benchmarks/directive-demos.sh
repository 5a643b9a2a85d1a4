#!/usr/bin/env bash
# The agent's cost on whole programs of the directive library: the bank transfer demo (two OmpLocks and a
# critical section per transfer, contended) and n-queens (tasks), each timed by its own clock (start-up
# excluded), without the agent, with the agent and no tool, and with the agent and a tool that registers
# every callback and does nothing (NoopTool). The three configurations alternate, RUNS times; prints the
# median and the range of each, the medians' ratios to the run without agent, and NoopTool's to the agent
# alone (the goal: at most 2).
#
# Usage: benchmarks/directive-demos.sh     (from anywhere; builds first)
#   RUNS=7  TRANSFERS=400000  QUEENS=11  THREADS=2
#   DEMOS_SKIP_BUILD=1   use the existing jars
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}
if [ "${DEMOS_SKIP_BUILD:-0}" != 1 ]; then
    mvn -B -q -ntp install -DskipTests
fi
agent=$PWD/agent/target/ompt-agent.jar
cp="directives/target/classes:demo-apps/target/classes:benchmarks/target/benchmarks.jar"
declare -A configs=(
    [none]=""
    [agent]="-javaagent:$agent"
    [noop]="-javaagent:$agent=tool=io.github.ompt4j.benchmarks.overhead.NoopTool"
)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for ((r = 1; r <= runs; r++)); do
    for config in none agent noop; do
        # shellcheck disable=SC2086 # the configuration is a list of JVM options
        java ${configs[$config]} -Domp.num_threads="${THREADS:-2}" -cp "$cp" io.github.ompt4j.demo.BankTransferDemo \
            "${TRANSFERS:-400000}" 2>/dev/null | sed -n 's/.* in \([0-9.]*\) ms.*/\1/p' >>"$out/bank-$config"
        # shellcheck disable=SC2086
        java ${configs[$config]} -Domp.num_threads="${THREADS:-2}" -cp "$cp" io.github.ompt4j.demo.NQueensDemo \
            "${QUEENS:-11}" 2>/dev/null | sed -n 's/.* in \([0-9.]*\) ms.*/\1/p' >>"$out/queens-$config"
    done
    echo "run $r of $runs done" >&2
done

# shellcheck source=benchmarks/timings.sh
. benchmarks/timings.sh
printf '%-11s %-7s %10s %20s %9s %10s\n' demo config "median ms" "range ms" "vs none" "vs agent"
for demo in bank queens; do
    base=$(median "$out/$demo-none")
    agent=$(median "$out/$demo-agent")
    timing_row "$demo" none "$out/$demo-none" "$base"
    timing_row "$demo" agent "$out/$demo-agent" "$base"
    timing_row "$demo" noop "$out/$demo-noop" "$base" "$agent"
done
