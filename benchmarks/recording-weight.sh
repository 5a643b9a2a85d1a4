#!/usr/bin/env bash
# What a recording weighs and costs, whole process (start-up and exit included), on the demos and on
# FineGrained (the fork/join program whose every join was a wait span): for each program, one JVM per
# configuration, in this order each round:
#   jfr-own   JFR's own default recording (-XX:StartFlightRecording), no agent
#   jfr=      the agent's default recording (the JDK's default settings plus ompt.jfc)
#   jfrsync   async-profiler alone, wall clock every 10 ms, its samples in a JFR recording with the JDK's
#             profile settings (jfrsync=profile): the recording profile=wall makes, without the agent
#   profile   the agent with profile=wall,jfr=<file>
# Prints, per run: wall seconds, the file's size, bytes per second of the run, and the ompt.* events per
# second (from `jfr summary`, which does not see async-profiler's chunk: its samples are not counted).
#
# Usage: benchmarks/recording-weight.sh     (after a build; ROUNDS=2 by default: the same figures twice)
#   ROUNDS=1 PROGRAMS="MandelbrotDemo 1000;FineGrained 40;FineGrained 100 64" (a program, then its arguments)
#   TaskPerThread (virtual threads, not in the default list) needs JDK 21+ as the java on PATH
# About 4 minutes a round with the defaults; run it on an idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-2}
programs=${PROGRAMS:-"MandelbrotDemo 1000;NQueensDemo 14;BankTransferDemo 2000000;MergeSortDemo 4000000;WordFrequencyDemo 200000;QuotePipelineDemo 200;FineGrained 40"}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
source benchmarks/async-profiler-library.sh
async_profiler_library "$out"
agent=$PWD/agent/target/ompt-agent.jar
cp="directives/target/classes:demo-apps/target/classes:benchmarks/target/classes"
pool=-Djava.util.concurrent.ForkJoinPool.common.parallelism=4

options() { # configuration, recording file
    case "$1" in
        jfr-own) echo "-XX:StartFlightRecording:filename=$2" ;;
        jfr=) echo "-javaagent:$agent=jfr=$2" ;;
        jfrsync) echo "-agentpath:$out/libasyncProfiler.so=start,event=wall,interval=10ms,jfrsync=profile,file=$2" ;;
        profile) echo "-javaagent:$agent=profile=wall,jfr=$2" ;;
    esac
}

printf '%-26s %-8s %8s %9s %9s %12s\n' program config seconds MB MB/s "ompt.*/s"
for round in $(seq "$rounds"); do
    IFS=';' read -ra list <<<"$programs"
    for program in "${list[@]}"; do
        read -r name arg <<<"$program"
        class=io.github.ompt4j.demo.$name
        [ "$name" = FineGrained ] && class=io.github.ompt4j.benchmarks.forkjoin.FineGrained
        [ "$name" = TaskPerThread ] && class=io.github.ompt4j.benchmarks.virtual.TaskPerThread
        for config in jfr-own jfr= jfrsync profile; do
            file=$out/run.jfr
            rm -f "$file"
            start=$(date +%s.%N)
            # shellcheck disable=SC2046,SC2086 # options and arguments split into words
            java $pool $(options "$config" "$file") -cp "$cp" "$class" $arg >/dev/null 2>"$out/err" \
                || { echo "$name $config failed:" >&2; cat "$out/err" >&2; exit 1; }
            end=$(date +%s.%N)
            bytes=$(stat -c %s "$file")
            events=$(jfr summary "$file" 2>/dev/null | awk '$1 ~ /^ompt\./ { n += $2 } END { print n + 0 }')
            awk -v p="$name $arg" -v c="$config" -v s="$start" -v e="$end" -v b="$bytes" -v n="$events" 'BEGIN {
                t = e - s; printf "%-26s %-8s %8.2f %9.2f %9.3f %12.0f\n", p, c, t, b / 1e6, b / 1e6 / t, n / t }'
        done
    done
done
