#!/usr/bin/env bash
# EPCC micro-benchmarks side by side: the C program benchmarks/c/epcc.c on libgomp (gcc -fopenmp) and
# the JMH benchmarks io.github.ompt4j.benchmarks.epcc on the ompt4j directive library, run back to back
# on the same machine, then one table of overheads per construct (microseconds) and Java/C ratios.
#
# Usage: benchmarks/epcc-compare.sh            (from anywhere; builds first)
#   THREADS=4                 team size (default 2)
#   EPCC_SKIP_BUILD=1         use the existing benchmarks/target/benchmarks.jar
#   EPCC_JAR=path             the Java side from this benchmarks jar instead (a build of another commit); no build
#   OMP_WAIT_POLICY=passive   applies to both sides (the Java side reads it as omp.wait_policy too)
#   ROUNDS=5                  C and Java runs alternate this many times (default 5)
#   EPCC_GROUPS="1"           only these groups (0-based, in the order of the groups list below); default all
#   EPCC_FAST_BELOW=0.55      a pair is in the fast state when C's PARALLEL in its C run is below this (us),
#   EPCC_SLOW_FROM=0.85       in the slow state from this on, in the middle state between
#   EPCC_POOL="dir ..."       the tables also count the pairs kept in these folders (copies of earlier runs'
#                             benchmarks/target/epcc-compare, of the same build): more pairs a state while
#                             the VM keeps switching; with ROUNDS=0 EPCC_SKIP_BUILD=1 it only pools
#
# Each side runs 2 warm-up and 5 measured iterations of 0.4 s per construct. One run of each side is not an
# answer on a 2-core VM (one construct moved from 6.5x to 0.57x between two back-to-back runs, and the VM
# switches between a fast and a slow state for minutes at a time): so C and Java alternate by group of
# three to five constructs, each group measuring its own references, about 20 s a side, and which side
# goes first alternates by round. A disturbance then hits both runs of a pair. The table gives each side's
# median over the rounds, its range, the ratio of the medians, and the median and range of each round's own
# Java/C ratio (the paired ratio, which moves less than either side). A round takes about four and a half
# minutes; the default takes about 22. Run it on an otherwise idle machine.
#
# The VM's state (how fast its two cores hand a cache line to each other) moves the ratios more than most
# changes do, so every C run also measures C's PARALLEL (a fork and a join: four line transfers), and each
# pair is assigned to a state by that time, unless C's PARALLEL just before or just after the Java run reads
# another state: such a pair is "mixed" (the VM switched within it; its ratio compares two states). Each round
# prints its pairs' states; the tables at the end are for all pairs and then for each state seen, each with
# the median of its pairs' own Java/C ratios; mixed pairs count in the first table only.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=${THREADS:-2}
out=benchmarks/target/epcc-compare
mkdir -p "$out"

jar=${EPCC_JAR:-benchmarks/target/benchmarks.jar}
if [ "${EPCC_SKIP_BUILD:-0}" != 1 ] && [ -z "${EPCC_JAR:-}" ]; then
    mvn -B -q -ntp -pl benchmarks -am package -DskipTests
fi
gcc -O2 -fopenmp benchmarks/c/epcc.c -o "$out/epcc"

rounds=${ROUNDS:-5}
jvm_args="-Domp.num_threads=$threads"
if [ -n "${OMP_WAIT_POLICY:-}" ]; then
    jvm_args="$jvm_args -Domp.wait_policy=$OMP_WAIT_POLICY"
fi
# The folder holds this run's pairs only, so that a copy of it can be pooled later (EPCC_POOL).
rm -f "$out"/c-*-*.txt "$out"/probe-*-*.txt "$out"/java-*-*.csv "$out"/jmh-*-*.log
: >"$out/rounds.txt"
# One group per line: the C constructs, then the JMH arguments that measure the same ones and their reference.
groups=(
    "PARALLEL FOR PARALLEL_FOR BARRIER SINGLE|SyncBench\.(reference|parallel|forLoop|parallelFor|barrier|single)$"
    "CRITICAL LOCK ORDERED ATOMIC REDUCTION|SyncBench\.(reference|critical|lock|ordered|atomic|atomicBlock|reduction)$"
    "SCHED_static SCHED_static_1 SCHED_static_16 SCHED_static_128|SchedBench -p schedule=static,static_1,static_16,static_128"
    "SCHED_dynamic_1 SCHED_dynamic_16 SCHED_dynamic_128|SchedBench -p schedule=dynamic_1,dynamic_16,dynamic_128"
    "SCHED_guided_1 SCHED_guided_16 SCHED_guided_128|SchedBench -p schedule=guided_1,guided_16,guided_128"
    "TASK_PARALLEL TASK_MASTER TASK_WAIT|(TaskBench\..*|SyncBench\.reference)$"
)
fast_below=${EPCC_FAST_BELOW:-0.55}
slow_from=${EPCC_SLOW_FROM:-0.85}
run_c() {
    # PARALLEL in every C run: the probe that tells the pair's state. The program runs each construct once.
    # shellcheck disable=SC2086 # the group's constructs are separate arguments
    OMP_NUM_THREADS=$threads "$out/epcc" PARALLEL $1 >"$out/c-$r-$2.txt"
}
run_java() {
    local -
    set -f # the JMH arguments are regular expressions, not file names
    # C's PARALLEL just before and just after the Java run: the state the Java run was in.
    OMP_NUM_THREADS=$threads "$out/epcc" PARALLEL >"$out/probe-$r-$2.txt"
    # shellcheck disable=SC2086 # the group's JMH arguments are separate arguments
    java -jar "$jar" 'io\.github\.ompt4j\.benchmarks\.epcc\.'$1 \
        -p threads="$threads" -jvmArgsAppend "$jvm_args" -rf csv -rff "$out/java-$r-$2.csv" >"$out/jmh-$r-$2.log"
    OMP_NUM_THREADS=$threads "$out/epcc" PARALLEL >>"$out/probe-$r-$2.txt"
}
pair_lines() {
    # One line per construct of a pair of runs ($1: the C run's output, $2: the Java run's CSV, $3: C's PARALLEL
    # just before and after the Java run, if measured): order, name, C overhead, Java overhead (both in us,
    # reference subtracted), and the pair's state by C's PARALLEL in this pair's C run; "mixed" when a probe
    # around the Java run reads another state (the VM switched within the pair).
    # java.csv: "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit","Param: schedule",...
    local probes=${3:-/dev/null}
    [ -f "$probes" ] || probes=/dev/null
    awk -F, -v fast="$fast_below" -v slow="$slow_from" -v probefile="$probes" '
    function unquote(s) { gsub(/"/, "", s); return s }
    function state(us) { return us < fast ? "fast" : us < slow ? "middle" : "slow" }
    FILENAME == probefile {
        if ($1 == "PARALLEL") probe[++nprobes] = $2
        next
    }
    FNR == NR {
        if ($1 !~ /^#/) c[$1] = $2
        next
    }
    FNR == 1 {
        for (i = 1; i <= NF; i++) if (unquote($i) == "Param: schedule") schedcol = i
        next
    }
    {
        bench = unquote($1); sub(/.*\.epcc\./, "", bench)
        score = unquote($5) + 0
        if (bench == "SyncBench.reference") { delay = score; next }
        if (bench == "SchedBench.reference") { schedref = score; next }
        name = map[bench]
        if (bench == "SchedBench.scheduledLoop") name = "SCHED_" unquote($schedcol)
        java[name] = score; kind[name] = (bench ~ /^SchedBench/) ? "sched" : (bench ~ /^SyncBench.atomic/ ? "none" : "delay")
    }
    BEGIN {
        map["SyncBench.parallel"] = "PARALLEL"; map["SyncBench.forLoop"] = "FOR"
        map["SyncBench.parallelFor"] = "PARALLEL_FOR"; map["SyncBench.barrier"] = "BARRIER"
        map["SyncBench.single"] = "SINGLE"; map["SyncBench.critical"] = "CRITICAL"; map["SyncBench.lock"] = "LOCK"
        map["SyncBench.ordered"] = "ORDERED"; map["SyncBench.atomic"] = "ATOMIC"
        map["SyncBench.atomicBlock"] = "ATOMIC_BLOCK"
        map["SyncBench.reduction"] = "REDUCTION"; map["TaskBench.parallelTask"] = "TASK_PARALLEL"
        map["TaskBench.masterTask"] = "TASK_MASTER"; map["TaskBench.taskWait"] = "TASK_WAIT"
        n = split("PARALLEL FOR PARALLEL_FOR BARRIER SINGLE CRITICAL LOCK ORDERED ATOMIC ATOMIC_BLOCK REDUCTION " \
            "SCHED_static SCHED_static_1 SCHED_static_16 SCHED_static_128 SCHED_dynamic_1 SCHED_dynamic_16 " \
            "SCHED_dynamic_128 SCHED_guided_1 SCHED_guided_16 SCHED_guided_128 TASK_PARALLEL TASK_MASTER TASK_WAIT",
            order, " ")
    }
    END {
        pair = state(c["PARALLEL"])
        for (i = 1; i <= nprobes; i++) if (state(probe[i]) != pair) pair = "mixed"
        for (i = 1; i <= n; i++) {
            k = order[i]
            if (!(k in java) || !(k in c)) continue
            printf "%d %s %.4f %.4f %s\n", i, k, c[k], java[k] - (kind[k] == "sched" ? schedref : kind[k] == "delay" ? delay : 0), pair
        }
    }
    ' FS=' ' "$1" "$probes" FS=',' "$2"
}
for ((r = 1; r <= rounds; r++)); do
    echo "== round $r of $rounds: C (libgomp) and Java (ompt4j directives, JMH) alternating by group, $threads threads" >&2
    for g in ${EPCC_GROUPS:-${!groups[@]}}; do
        constructs=${groups[g]%%|*}
        jmh=${groups[g]#*|}
        if ((r % 2)); then
            run_c "$constructs" "$g"
            run_java "$jmh" "$g"
        else
            run_java "$jmh" "$g"
            run_c "$constructs" "$g"
        fi
        pair_lines "$out/c-$r-$g.txt" "$out/java-$r-$g.csv" "$out/probe-$r-$g.txt" >"$out/pair.txt"
        cat "$out/pair.txt" >>"$out/rounds.txt"
        awk -v r="$r" -v g="$g" '{ s = $5; p = p sprintf(" %s %.2f", $2, $3 > 0.005 ? $4 / $3 : 0) }
            END { printf "   round %d group %d: %s state (C PARALLEL %s us); Java/C:%s\n", r, g, s, c, p }' \
            c="$(awk '$1 == "PARALLEL" { print $2 }' "$out/c-$r-$g.txt")" "$out/pair.txt" >&2
    done
done
# Earlier runs' pairs, from the folders they were kept in: each C output with the Java CSV of its round and group.
for dir in ${EPCC_POOL:-}; do
    pooled=0
    for cfile in "$dir"/c-*-*.txt; do
        jfile=$dir/java-${cfile#"$dir"/c-}
        jfile=${jfile%.txt}.csv
        if [ -f "$cfile" ] && [ -f "$jfile" ]; then
            pair_lines "$cfile" "$jfile" "$dir/probe-${cfile#"$dir"/c-}" >>"$out/rounds.txt"
            pooled=$((pooled + 1))
        fi
    done
    if ((pooled == 0)); then
        echo "epcc-compare: EPCC_POOL folder $dir holds no pair of runs (c-R-G.txt with java-R-G.csv)" >&2
        exit 1
    fi
    echo "== pooled $pooled pairs of runs from $dir" >&2
done

# Medians and ranges over the rounds, in the constructs' order: all pairs, then the pairs of each state.
table() {
    echo
    echo "$1, up to $(awk -v s="$2" '$5 ~ s { n[$2]++ } END { for (k in n) if (n[k] > m) m = n[k]; print m }' \
        "$out/rounds.txt") pairs a construct:"
    awk -v s="$2" '$5 ~ s' "$out/rounds.txt" | sort -k1,1n -k2,2 | awk '
    function median(a, m,   s, i, j, t) {
        for (i = 1; i <= m; i++) s[i] = a[i]
        for (i = 2; i <= m; i++) for (j = i; j > 1 && s[j - 1] > s[j]; j--) { t = s[j]; s[j] = s[j - 1]; s[j - 1] = t }
        lo = s[1]; hi = s[m]
        return (m % 2) ? s[(m + 1) / 2] : (s[m / 2] + s[m / 2 + 1]) / 2
    }
    function row(   cm, clo, chi, jm, jlo, jhi, ratio, paired) {
        cm = median(cs, m); clo = lo; chi = hi
        jm = median(js, m); jlo = lo; jhi = hi
        ratio = (cm > 0.005) ? sprintf("%.2f", jm / cm) : "n/a"
        paired = (p > 0) ? sprintf("%.2f [%.2f–%.2f]", median(rs, p), lo, hi) : "n/a"
        printf "| %s | %.3f [%.3f–%.3f] | %.3f [%.3f–%.3f] | %s | %s |\n", name, cm, clo, chi, jm, jlo, jhi, ratio, paired
    }
    BEGIN { printf "| construct | C libgomp, us: median [range] | Java ompt4j, us: median [range] | Java/C (medians) | Java/C per round: median [range] |\n|---|---:|---:|---:|---:|\n" }
    $2 != name { if (m) row(); name = $2; m = 0; p = 0 }
    { m++; cs[m] = $3; js[m] = $4; if ($3 > 0.005) rs[++p] = $4 / $3 }
    END { if (m) row() }
'
}
{
    table "All pairs" .
    for state in fast middle slow; do
        if awk -v s="$state" '$5 == s { found = 1 } END { exit !found }' "$out/rounds.txt"; then
            table "Pairs in the $state state (C's PARALLEL $([ $state = fast ] && echo "< $fast_below" || { [ $state = slow ] && echo ">= $slow_from" || echo "in [$fast_below, $slow_from)"; }) us)" "^$state\$"
        fi
    done
    awk '$5 == "mixed" { n++ }
        END { if (n) printf "\n%d construct pairs in mixed states (the VM switched within the pair): first table only.\n", n }' \
        "$out/rounds.txt"
} | tee "$out/table.md"
