#!/usr/bin/env bash
# The cost of the agent's default JFR recording (jfr=<file>: ompt.jfc on top of the JDK's default settings)
# on the demos and a parallel-stream workload, its event rate, and its start-up cost.
#
# Workloads: a small harness (DemoLoop) runs a program's main in one JVM, first for WARMUP seconds (at least
# 3 runs: JIT compilation, which JFR's and the tool's code lengthen, weaving, JFR's start-up threads), then
# ITERATIONS times more, and prints each run's wall time; the steady state is the latter, and the very first
# run is reported apart (a program that runs once pays for it). On 2 cores, a short warm-up misleads: the
# compiler threads take a core from the program for a few seconds. Four configurations, one JVM each, in
# rotating order per round, so that with and without alternate and all see the same machine:
#   plain      no agent, no recording
#   jfr-own    JFR's own -XX:StartFlightRecording with the JDK's default settings, no agent
#   agent-on   the agent with a tool that registers one callback: the runtime keeps OMPT state (every
#              construct pays for it), nothing is recorded
#   agent-jfr  the agent with jfr=<file>: the default recording
# Events: the ompt.* events of the last round's default recording, per second of the harness's run time.
# Start-up: a program that prints one line, plain, with JFR's own recording (default settings, and default
# plus ompt.jfc with the JFR tool named), and with the agent's jfr=; hyperfine, interleaved.
#
# Usage: flock /tmp/ompt4j-build.lock benchmarks/jfr-overhead.sh   (after a reactor package; never install)
#   ROUNDS=4 ITERATIONS=10 WARMUP=5 STARTUPS=15 JAVA=java WORKLOADS="NQueensDemo 14;ParallelStreams"
# Needs hyperfine (Debian package). Takes about 20 minutes with the defaults; run it on an idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "jfr-overhead.sh needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
rounds=${ROUNDS:-4}
iterations=${ITERATIONS:-10}
warmup=${WARMUP:-5}
startups=${STARTUPS:-15}
java=${JAVA:-java}
bin=$(dirname "$(command -v "$java")")
out=benchmarks/target/jfr-overhead
rm -rf "$out"
mkdir -p "$out/classes" "$out/recordings"
agent=$PWD/agent/target/ompt-agent.jar
jfc=$PWD/jfr-events/src/main/jfc/ompt.jfc

cat >"$out/DemoLoop.java" <<'EOF'
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Runs a program's main for a warm-up of some seconds (at least 3 runs), then N times more, in one JVM; prints
 * each run's wall time in ms, marked warm or steady. The program's own output is dropped.
 */
public class DemoLoop {
    public static void main(String[] args) throws Exception {
        String name = args[0].endsWith("Demo") ? "io.github.ompt4j.demo." + args[0] : args[0];
        Method main = Class.forName(name).getMethod("main", String[].class);
        long warmup = (long) (Double.parseDouble(args[1]) * 1e9);
        int n = Integer.parseInt(args[2]);
        String[] programArgs = Arrays.copyOfRange(args, 3, args.length);
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        long begin = System.nanoTime();
        for (int i = 0; i < 3 || System.nanoTime() - begin < warmup; i++) {
            out.printf("warm %.1f%n", run(main, programArgs));
        }
        for (int i = 0; i < n; i++) {
            out.printf("steady %.1f%n", run(main, programArgs));
        }
    }

    private static double run(Method main, String[] args) throws Exception {
        long start = System.nanoTime();
        main.invoke(null, (Object) args);
        return (System.nanoTime() - start) / 1e6;
    }
}
EOF
cat >"$out/ParallelStreams.java" <<'EOF'
import java.util.SplittableRandom;
import java.util.stream.LongStream;

/** Parallel streams in the common pool, as ForkJoinWorkloads has them under JMH: ten sums, one sort. */
public class ParallelStreams {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
        long sum = 0;
        for (int i = 0; i < 10; i++) {
            sum += LongStream.range(0, n).parallel().map(x -> x * 31 % 17).sum();
        }
        int[] sorted = new SplittableRandom(1).ints(n / 4).parallel().sorted().toArray();
        System.out.println(sum + " " + sorted.length);
    }
}
EOF
cat >"$out/OneCallbackTool.java" <<'EOF'
import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptTool;

/** Registers thread_begin only: enough for the runtime to keep OMPT state, with no other work. */
public class OneCallbackTool implements OmptTool {
    @Override
    public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
        ((OmptApi.SetCallback) lookup.lookup("ompt_set_callback"))
                .setCallback(OmptEvent.THREAD_BEGIN, (OmptCallback.ThreadType) (type, id) -> { });
    }
}
EOF
cat >"$out/Hello.java" <<'EOF'
public class Hello {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
EOF
cat >"$out/Summary.java" <<'EOF'
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads runs.txt (workload config round phase ms) and prints a phase's table: median [min-max], ratios of medians. */
public class Summary {
    public static void main(String[] args) throws Exception {
        String phase = args[1];
        String[] configs = {"plain", "jfr-own", "agent-on", "agent-jfr"};
        Map<String, Map<String, List<Double>>> runs = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            String[] f = line.split(" ");
            if (f[3].equals(phase)) {
                runs.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).computeIfAbsent(f[1], k -> new ArrayList<>())
                        .add(Double.parseDouble(f[4]));
            }
        }
        System.out.println("| workload | plain | jfr-own | agent-on | agent-jfr | agent-jfr / plain | agent-jfr / jfr-own | agent-jfr / agent-on |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (var w : runs.entrySet()) {
            StringBuilder row = new StringBuilder("| " + w.getKey());
            Map<String, Double> median = new LinkedHashMap<>();
            for (String c : configs) {
                List<Double> v = w.getValue().getOrDefault(c, new ArrayList<>());
                if (v.isEmpty()) {
                    row.append(" | -");
                    continue;
                }
                Collections.sort(v);
                int n = v.size();
                double m = n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
                median.put(c, m);
                row.append(String.format(" | %.1f [%.1f-%.1f]", m, v.get(0), v.get(n - 1)));
            }
            for (String base : new String[] {"plain", "jfr-own", "agent-on"}) {
                boolean both = median.containsKey(base) && median.containsKey("agent-jfr");
                row.append(both ? String.format(" | %.3f", median.get("agent-jfr") / median.get(base)) : " | -");
            }
            System.out.println(row.append(" |"));
        }
    }
}
EOF
"$bin/javac" -d "$out/classes" -cp ompt-model/target/classes "$out"/*.java
app_cp=directives/target/classes:demo-apps/target/classes:benchmarks/target/classes:$out/classes

# QuotePipelineDemo is left out: with the common pool's parallelism of 1 (2 cores) CompletableFuture runs each
# stage in a new thread, which no adapter reports, so it would measure thread creation, not the recording.
workloads=(
    "MandelbrotDemo 600"
    "MatrixMultiplyDemo 800"
    "NQueensDemo 14"
    "BankTransferDemo 2000000"
    "WordFrequencyDemo 200000"
    "MergeSortDemo 4000000"
    "ParallelStreams"
    "io.github.ompt4j.benchmarks.forkjoin.FineGrained 10 64"
)
if [ -n "${WORKLOADS:-}" ]; then # a subset, "Program args;Program args"
    IFS=';' read -r -a workloads <<<"$WORKLOADS"
fi
configs=(plain jfr-own agent-on agent-jfr)

run() { # config round program args...
    local config=$1 round=$2 program=$3
    shift 3
    local opts=()
    case $config in
        jfr-own) opts=(-XX:StartFlightRecording:filename="$out/recordings/own-$program.jfr") ;;
        agent-on) opts=(-javaagent:"$agent=tool=OneCallbackTool") ;;
        agent-jfr) opts=(-javaagent:"$agent=jfr=$out/recordings/$program.jfr") ;;
    esac
    # JFR's own recording logs to standard output; the filter keeps the harness's numbers only.
    "$java" "${opts[@]}" -cp "$app_cp" DemoLoop "$program" "$warmup" "$iterations" "$@" 2>/dev/null |
        awk -v c="$config" -v p="$program" -v r="$round" \
            '/^(warm|steady) [0-9.]+$/ { print p, c, r, (++i == 1 ? "first" : $1), $2 }'
}

for entry in "${workloads[@]}"; do
    read -r program args <<<"$entry"
    echo "== $program $args ($(date +%T))" >&2
    for ((r = 0; r < rounds; r++)); do
        for ((k = 0; k < ${#configs[@]}; k++)); do
            run "${configs[(k + r) % ${#configs[@]}]}" "$r" "$program" $args >>"$out/runs.txt"
        done
    done
    # The file holds the last round's recording: its events over that JVM's run time.
    events=$("$bin/jfr" summary "$out/recordings/$program.jfr" | awk '$1 ~ /^ompt\./ { n += $2 } END { print n + 0 }')
    runs=$(awk -v p="$program" -v r=$((rounds - 1)) '$1 == p && $2 == "agent-jfr" && $3 == r { s += $5; n++ } END { print s, n }' "$out/runs.txt")
    echo "$program $events $runs" >>"$out/rates.txt"
done

echo "== start-up ($(date +%T))" >&2
hyperfine -N -w 3 -r "$startups" --export-json "$out/startup.json" --export-markdown "$out/startup.md" \
    -n plain "$java -cp $out/classes Hello" \
    -n jfr-own "$java -XX:StartFlightRecording:filename=$out/recordings/own.jfr -cp $out/classes Hello" \
    -n jfr-own-ompt "$java -XX:StartFlightRecording:settings=default,settings=$jfc,filename=$out/recordings/own-ompt.jfr -javaagent:$agent=tool=io.github.ompt4j.jfr.JfrTool -cp $out/classes Hello" \
    -n agent-jfr "$java -javaagent:$agent=jfr=$out/recordings/agent.jfr -cp $out/classes Hello" >&2

echo "Steady state: median [min-max] of one run of the workload (ms), $rounds rounds x $iterations runs after ${warmup} s of warm-up per JVM."
echo
"$bin/java" -cp "$out/classes" Summary "$out/runs.txt" steady | tee "$out/steady.md"
echo
echo "The first run in each JVM: median [min-max] over the $rounds rounds (ms)."
echo
"$bin/java" -cp "$out/classes" Summary "$out/runs.txt" first | tee "$out/first.md"
echo
echo "Events of the last round's default recording (every run of the workload in that JVM) and their rate:"
echo
echo "| workload | ompt events | runs | per run | per second of run time |"
echo "|---|---:|---:|---:|---:|"
awk '{ printf "| %s | %d | %d | %.0f | %.0f |\n", $1, $2, $4, $2 / $4, $2 / ($3 / 1000) }' "$out/rates.txt" | tee "$out/rates.md"
echo
echo "Start-up of a one-line program (hyperfine, $startups runs each):"
echo
cat "$out/startup.md"
