#!/usr/bin/env bash
# The agent's cost on fork/join and parallel-stream workloads (benchmarks/.../forkjoin/ForkJoinWorkloads):
# three JMH runs in one go, without the agent, with the agent and no tool, and with the agent and a tool
# that registers every callback and does nothing (NoopTool). Prints one table of times per operation and
# the ratios to the run without agent, and keeps JMH's -prof gc allocation rates in the logs.
#
# Usage: benchmarks/forkjoin-overhead.sh        (from anywhere; builds first)
#   PARALLELISM=4           the common pool's parallelism (default: the JVM's, 1 on 2 cores)
#   OVERHEAD_SKIP_BUILD=1   use the existing jars
# The three runs take about 4 minutes; run them on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
out=benchmarks/target/forkjoin-overhead
mkdir -p "$out"
if [ "${OVERHEAD_SKIP_BUILD:-0}" != 1 ]; then
    mvn -B -q -ntp install -DskipTests
fi
agent=$PWD/agent/target/ompt-agent.jar
pool=${PARALLELISM:+-Djava.util.concurrent.ForkJoinPool.common.parallelism=$PARALLELISM}

run() { # name, extra JVM arguments
    echo "== $1" >&2
    java -jar benchmarks/target/benchmarks.jar 'io\.github\.ompt4j\.benchmarks\.forkjoin\..*' -prof gc \
        -jvmArgsAppend "$pool $2" -rf csv -rff "$out/$1.csv" >"$out/$1.log"
}
run none ""
run agent "-javaagent:$agent"
run noop "-javaagent:$agent=tool=io.github.ompt4j.benchmarks.overhead.NoopTool"

# Rows of each csv: "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit"; the
# secondary rows of -prof gc (benchmark:gc.alloc.rate.norm) give bytes per operation.
awk -F, '
    function unquote(s) { gsub(/"/, "", s); return s }
    FNR == 1 { config++; next }
    {
        bench = unquote($1); sub(/.*\.forkjoin\.ForkJoinWorkloads\./, "", bench)
        if (bench ~ /:gc\.alloc\.rate\.norm$/) { sub(/:.*/, "", bench); bytes[config, bench] = unquote($5) + 0; next }
        if (bench ~ /:/) next
        score[config, bench] = unquote($5) + 0; err[config, bench] = unquote($6) + 0
        if (config == 1) order[++n] = bench
    }
    END {
        print "| workload | no agent (ms) | agent, no tool (ms) | ratio | agent, every callback (ms) | ratio | B/op: none / agent / every callback |"
        print "|---|---:|---:|---:|---:|---:|---|"
        for (i = 1; i <= n; i++) {
            b = order[i]
            printf "| %s | %.2f ± %.2f | %.2f ± %.2f | %.3f | %.2f ± %.2f | %.3f | %.0f / %.0f / %.0f |\n", b,
                score[1, b], err[1, b], score[2, b], err[2, b], score[2, b] / score[1, b],
                score[3, b], err[3, b], score[3, b] / score[1, b], bytes[1, b], bytes[2, b], bytes[3, b]
        }
    }
' "$out/none.csv" "$out/agent.csv" "$out/noop.csv" | tee "$out/table.md"
