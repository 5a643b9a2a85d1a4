#!/usr/bin/env bash
# What the agent's profile=wall costs beyond async-profiler's own: every demo and FineGrained (the fine-grained
# fork/join program: about 400,000 tasks a second at a leaf of 256, 1.3 million at 64), each timed by its own
# clock (start-up and exit excluded) and as a whole process (what a user waits for: the JVM's start, the agent's
# premain, the program, the recording written at exit), in four configurations that alternate, RUNS times:
#   none     no agent, no profiler
#   asprof   async-profiler alone, as a JVMTI agent (-agentpath), wall clock every INTERVAL into its own JFR file
#   jfrsync  async-profiler the same, but its samples in a JDK Flight Recorder recording with the JDK's profile
#            settings (jfrsync=profile): the recording the agent makes, without the agent and its ompt.* events
#   agent    the agent with profile=wall,interval=INTERVAL,jfr=<file>: async-profiler with jfrsync plus the
#            agent's weaving and its ompt.* events with the profile settings
# Prints the median and range of each, the medians' ratios to none, and agent's ratio to asprof, then run by
# run (median and range of the pairs) agent / asprof, jfrsync / asprof (what running JFR beside async-profiler
# costs) and agent / jfrsync (what the agent adds to that: the goal is at most 1.02), by the programs' clocks and
# then by the whole processes' wall times.
#
# The default sizes run each program for one to four seconds: long enough that the JIT has settled (the
# agent's own code is compiled in the first half second, on the program's cores) and 10 ms sampling takes
# hundreds of samples. The demos' own defaults run for 30-100 ms, which measures warm-up.
#
# Usage: benchmarks/profile-overhead.sh     (from anywhere; builds first)
#   RUNS=7  INTERVAL=10ms
#   PROGRAMS="MandelbrotDemo 1000;FineGrained 100 64"   a program, then its arguments (default: all of them);
#                        TaskPerThread (virtual threads, not in the default list) needs JDK 21+ as the java on PATH
#   DEMOS_SKIP_BUILD=1   use the existing jars
#   PARALLELISM=4        the common pool's parallelism (default: the JVM's, 1 on 2 cores)
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
cp="directives/target/classes:demo-apps/target/classes:benchmarks/target/classes"
pool=${PARALLELISM:+-Djava.util.concurrent.ForkJoinPool.common.parallelism=$PARALLELISM}
programs=${PROGRAMS:-"MandelbrotDemo 1000;NQueensDemo 15;BankTransferDemo 10000000;MatrixMultiplyDemo 1000;MergeSortDemo 8000000;WordFrequencyDemo 400000;QuotePipelineDemo 100000;FineGrained 100 256"}
IFS=';' read -ra list <<<"$programs"
declare -A configs=(
    [none]=""
    [asprof]="-agentpath:$out/libasyncProfiler.so=start,event=wall,interval=$interval,file=$out/asprof.jfr"
    [jfrsync]="-agentpath:$out/libasyncProfiler.so=start,event=wall,interval=$interval,jfrsync=profile,file=$out/jfrsync.jfr"
    [agent]="-javaagent:$agent=profile=wall,interval=$interval,jfr=$out/agent.jfr"
)
order=(none asprof jfrsync agent)

# One program run's own time in ms on standard output (Mandelbrot prints one line per schedule, the others one
# total), and the whole process's wall time in ms appended to $out/<key>-<config>.whole; the key is the program with
# its arguments, so that one program at two sizes keeps two sets of figures.
run() {
    local config=$1 key=$2 name=$3 class=io.github.ompt4j.demo.$3 began=$EPOCHREALTIME
    shift 3
    [ "$name" = FineGrained ] && class=io.github.ompt4j.benchmarks.forkjoin.FineGrained
    [ "$name" = TaskPerThread ] && class=io.github.ompt4j.benchmarks.virtual.TaskPerThread
    # shellcheck disable=SC2086 # the configuration is a list of JVM options
    java $pool ${configs[$config]} -cp "$cp" "$class" "$@" 2>/dev/null |
        sed -n 's/.* \([0-9.]*\) ms.*/\1/p' | awk '{ s += $1 } END { print s }'
    awk -v a="$began" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f\n", (b - a) * 1000 }' >>"$out/$key-$config.whole"
}

for ((r = 1; r <= runs; r++)); do
    for program in "${list[@]}"; do
        read -r name args <<<"$program"
        key=${program// /_}
        # Rotate the order every run, so that no configuration always follows the same one; a program's four
        # runs follow each other, so that each pair sees the same machine.
        for ((i = 0; i < ${#order[@]}; i++)); do
            config=${order[(r + i) % ${#order[@]}]}
            # shellcheck disable=SC2086 # the arguments split into words
            run "$config" "$key" "$name" $args >>"$out/$key-$config"
        done
    done
    echo "run $r of $runs done" >&2
done

# shellcheck source=benchmarks/timings.sh
. benchmarks/timings.sh
printf '%-18s %-7s %10s %20s %9s %10s\n' program config "median ms" "range ms" "vs none" "vs asprof"
for program in "${list[@]}"; do
    key=${program// /_}
    base=$(median "$out/$key-none")
    prof=$(median "$out/$key-asprof")
    timing_row "$program" none "$out/$key-none" "$base"
    timing_row "$program" asprof "$out/$key-asprof" "$base"
    timing_row "$program" jfrsync "$out/$key-jfrsync" "$base" "$prof"
    timing_row "$program" agent "$out/$key-agent" "$base" "$prof"
done

# The same comparisons run by run: each rotation runs the configurations within seconds of each other, so their
# ratios are less exposed to the VM changing speed over minutes than the ratios of the medians.

# The ratio of the numbers in file $1 to those in file $2, line by line: median [range].
paired() {
    paste "$1" "$2" | awk '{ print $1 / $2 }' | sort -n |
        awk '{ r[NR] = $1 } END { printf "%.3f [%.3f - %.3f]", r[int((NR + 1) / 2)], r[1], r[NR] }'
}
# Run by run, the programs' clocks ($1 empty), or the whole processes' wall times ($1 ".whole").
paired_table() {
    printf '%-28s %-24s %-24s %s\n' program "agent / asprof" "jfrsync / asprof" "agent / jfrsync"
    for program in "${list[@]}"; do
        key=${program// /_}
        printf '%-28s %-24s %-24s %s\n' "$program" "$(paired "$out/$key-agent$1" "$out/$key-asprof$1")" \
            "$(paired "$out/$key-jfrsync$1" "$out/$key-asprof$1")" "$(paired "$out/$key-agent$1" "$out/$key-jfrsync$1")"
    done
}
echo
echo "By the programs' own clocks, run by run:"
paired_table ""
echo
echo "Whole processes (start-up and exit included), run by run; median whole-process seconds: none, asprof, jfrsync, agent:"
for program in "${list[@]}"; do
    key=${program// /_}
    printf '%-28s' "$program"
    for config in "${order[@]}"; do
        printf ' %8.2f' "$(median "$out/$key-$config.whole" | awk '{ print $1 / 1000 }')"
    done
    printf '\n'
done
paired_table .whole
