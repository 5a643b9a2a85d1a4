#!/usr/bin/env bash
# What the agent's profile=wall costs beyond async-profiler's own: the Mandelbrot, n-queens and bank transfer
# demos, each timed by its own clock (start-up and exit excluded), in four configurations that alternate,
# RUNS times:
#   none     no agent, no profiler
#   asprof   async-profiler alone, as a JVMTI agent (-agentpath), wall clock every INTERVAL into its own JFR file
#   jfrsync  async-profiler the same, but its samples in a JDK Flight Recorder recording with the JDK's profile
#            settings (jfrsync=profile): the recording the agent makes, without the agent and its ompt.* events
#   agent    the agent with profile=wall,interval=INTERVAL,jfr=<file>: async-profiler with jfrsync plus the
#            agent's weaving and its ompt.* events with the profile settings
# Prints the median and range of each, the medians' ratios to none, and agent's ratio to asprof (the goal:
# at most 1.02), then run by run (median and range of the pairs) agent / asprof, jfrsync / asprof (what
# running JFR beside async-profiler costs) and agent / jfrsync (what the agent adds to that).
#
# The default sizes run each demo for one to four seconds: long enough that the JIT has settled (the
# agent's own code is compiled in the first half second, on the program's cores) and 10 ms sampling takes
# hundreds of samples. The demos' own defaults run for 30-100 ms, which measures warm-up.
#
# Usage: benchmarks/profile-overhead.sh     (from anywhere; builds first)
#   RUNS=7  INTERVAL=10ms  SIZE=1000  QUEENS=16  TRANSFERS=10000000
#   DEMOS_SKIP_BUILD=1   use the existing jars
#   OMP_NUM_THREADS=1    one program thread, leaving the second core to the JIT and JFR: what is left is
#                        the cost in the program's own thread, apart from the background CPU of the start
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}
interval=${INTERVAL:-10ms}
if [ "${DEMOS_SKIP_BUILD:-0}" != 1 ]; then
    mvn -B -q -ntp install -DskipTests
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
source benchmarks/async-profiler-library.sh
async_profiler_library "$out"
agent=$PWD/agent/target/ompt-agent.jar
cp="directives/target/classes:demo-apps/target/classes"
declare -A configs=(
    [none]=""
    [asprof]="-agentpath:$out/libasyncProfiler.so=start,event=wall,interval=$interval,file=$out/asprof.jfr"
    [jfrsync]="-agentpath:$out/libasyncProfiler.so=start,event=wall,interval=$interval,jfrsync=profile,file=$out/jfrsync.jfr"
    [agent]="-javaagent:$agent=profile=wall,interval=$interval,jfr=$out/agent.jfr"
)
order=(none asprof jfrsync agent)

# One demo run's own time in ms: Mandelbrot prints one line per schedule, the others one total.
run() {
    local config=$1 demo=$2
    shift 2
    # shellcheck disable=SC2086 # the configuration is a list of JVM options
    java ${configs[$config]} -cp "$cp" "io.github.ompt4j.demo.$demo" "$@" 2>/dev/null |
        sed -n 's/.* \([0-9.]*\) ms.*/\1/p' | awk '{ s += $1 } END { print s }'
}

for ((r = 1; r <= runs; r++)); do
    # Rotate the order every run, so that no configuration always follows the same one.
    for ((i = 0; i < ${#order[@]}; i++)); do
        config=${order[(r + i) % ${#order[@]}]}
        run "$config" MandelbrotDemo "${SIZE:-1000}" >>"$out/mandelbrot-$config"
        run "$config" NQueensDemo "${QUEENS:-16}" >>"$out/queens-$config"
        run "$config" BankTransferDemo "${TRANSFERS:-10000000}" >>"$out/bank-$config"
    done
    echo "run $r of $runs done" >&2
done

# shellcheck source=benchmarks/timings.sh
. benchmarks/timings.sh
printf '%-11s %-7s %10s %20s %9s %10s\n' demo config "median ms" "range ms" "vs none" "vs asprof"
for demo in mandelbrot queens bank; do
    base=$(median "$out/$demo-none")
    prof=$(median "$out/$demo-asprof")
    timing_row "$demo" none "$out/$demo-none" "$base"
    timing_row "$demo" asprof "$out/$demo-asprof" "$base"
    timing_row "$demo" jfrsync "$out/$demo-jfrsync" "$base" "$prof"
    timing_row "$demo" agent "$out/$demo-agent" "$base" "$prof"
done

# The same comparisons run by run: each rotation runs the configurations within seconds of each other, so their
# ratios are less exposed to the VM changing speed over minutes than the ratios of the medians.

# The ratio of the numbers in file $1 to those in file $2, line by line: median [range].
paired() {
    paste "$1" "$2" | awk '{ print $1 / $2 }' | sort -n |
        awk '{ r[NR] = $1 } END { printf "%.3f [%.3f - %.3f]", r[int((NR + 1) / 2)], r[1], r[NR] }'
}
echo
printf '%-11s %-24s %-24s %s\n' demo "agent / asprof" "jfrsync / asprof" "agent / jfrsync"
for demo in mandelbrot queens bank; do
    printf '%-11s %-24s %-24s %s\n' "$demo" "$(paired "$out/$demo-agent" "$out/$demo-asprof")" \
        "$(paired "$out/$demo-jfrsync" "$out/$demo-asprof")" "$(paired "$out/$demo-agent" "$out/$demo-jfrsync")"
done
