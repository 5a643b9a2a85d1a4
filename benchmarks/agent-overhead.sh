#!/usr/bin/env bash
# The agent's cost on the directive library: the EPCC syncbench, schedbench and taskbench JMH benchmarks
# run three times in one go, without the agent, with the agent and no tool, and with the agent and a tool
# that registers every callback and does nothing (benchmarks/.../overhead/NoopTool). Prints one table of
# EPCC overheads per construct (microseconds, delay subtracted) and the ratios to the run without agent.
#
# Usage: benchmarks/agent-overhead.sh        (from anywhere; builds first)
#   THREADS=2           team size (default 2)
#   OVERHEAD_SKIP_BUILD=1   use the existing jars
# Each configuration takes about 90 s; run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=${THREADS:-2}
out=benchmarks/target/agent-overhead
mkdir -p "$out"
if [ "${OVERHEAD_SKIP_BUILD:-0}" != 1 ]; then
    mvn -B -q -ntp install -DskipTests
fi
agent=$PWD/agent/target/ompt-agent.jar
selection='io\.github\.ompt4j\.benchmarks\.epcc\..*'

run() { # name, extra JVM arguments
    echo "== $1" >&2
    java -jar benchmarks/target/benchmarks.jar "$selection" -p threads="$threads" \
        -jvmArgsAppend "-Domp.num_threads=$threads $2" -rf csv -rff "$out/$1.csv" >"$out/$1.log"
}
run none ""
run agent "-javaagent:$agent"
run noop "-javaagent:$agent=tool=io.github.ompt4j.benchmarks.overhead.NoopTool"

# Each csv: "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit","Param: schedule",...
awk -F, '
    function unquote(s) { gsub(/"/, "", s); return s }
    FNR == 1 {
        config++
        for (i = 1; i <= NF; i++) if (unquote($i) == "Param: schedule") schedcol = i
        next
    }
    {
        bench = unquote($1); sub(/.*\.epcc\./, "", bench)
        if (schedcol && unquote($schedcol) != "") bench = bench "(" unquote($schedcol) ")"
        score[config, bench] = unquote($5) + 0
        if (config == 1) order[++n] = bench
    }
    END {
        print "| benchmark | no agent (us) | agent, no tool (us) | ratio | agent, every callback (us) | ratio |"
        print "|---|---:|---:|---:|---:|---:|"
        for (i = 1; i <= n; i++) {
            b = order[i]
            ref = (b ~ /^SchedBench/) ? "SchedBench.reference" : (b ~ /^SyncBench\.atomic/ ? "" : "SyncBench.reference")
            if (b ~ /reference/) continue
            for (c = 1; c <= 3; c++) o[c] = score[c, b] - (ref == "" ? 0 : score[c, ref])
            printf "| %s | %.3f | %.3f | %.2f | %.3f | %.2f |\n", b, o[1], o[2], o[2] / o[1], o[3], o[3] / o[1]
        }
    }
' "$out/none.csv" "$out/agent.csv" "$out/noop.csv" | tee "$out/table.md"
