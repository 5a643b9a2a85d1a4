#!/usr/bin/env bash
# The cost of the agent's default JFR recording (jfr=<file>: ompt.jfc on top of the JDK's default settings)
# on the four demos, its event rate, and its start-up cost.
#
# Demos: a small harness (DemoLoop) runs a demo's main ITERATIONS times in one JVM and prints each run's
# wall time; the first WARMUP runs (JIT compilation, weaving, JFR's start-up threads) are reported apart
# from the steady state. Four configurations, one JVM each, in rotating order per round so that all see the
# same machine:
#   plain      no agent, no recording
#   jfr-own    JFR's own -XX:StartFlightRecording with the JDK's default settings, no agent
#   agent-on   the agent with a tool that registers one callback: the runtime keeps OMPT state (every
#              construct pays for it), nothing is recorded
#   agent-jfr  the agent with jfr=<file>: the default recording
# Start-up: a program that prints one line, plain, with JFR's own recording, and with the agent's jfr=.
#
# Usage: flock /tmp/ompt4j-build.lock benchmarks/jfr-overhead.sh   (after a reactor package; never install)
#   ROUNDS=5 ITERATIONS=8 WARMUP=3 STARTUPS=10 JAVA=java DEMOS="NQueensDemo 14;BankTransferDemo 2000000"
# Takes about ROUNDS x 80 s; run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-5}
iterations=${ITERATIONS:-8}
warmup=${WARMUP:-3}
startups=${STARTUPS:-10}
java=${JAVA:-java}
bin=$(dirname "$(command -v "$java")")
out=benchmarks/target/jfr-overhead
rm -rf "$out"
mkdir -p "$out/classes" "$out/recordings"
agent=$PWD/agent/target/ompt-agent.jar
cp_demos=directives/target/classes:demo-apps/target/classes

cat >"$out/DemoLoop.java" <<'EOF'
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.Arrays;

/** Runs a demo's main N times in one JVM and prints each run's wall time in ms; the demo's own output is dropped. */
public class DemoLoop {
    public static void main(String[] args) throws Exception {
        Method main = Class.forName("io.github.ompt4j.demo." + args[0]).getMethod("main", String[].class);
        int n = Integer.parseInt(args[1]);
        String[] demoArgs = Arrays.copyOfRange(args, 2, args.length);
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            main.invoke(null, (Object) demoArgs);
            out.printf("%.1f%n", (System.nanoTime() - start) / 1e6);
        }
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
"$bin/javac" -d "$out/classes" -cp ompt-model/target/classes "$out"/*.java
app_cp="$cp_demos:$out/classes"

demos=(
    "MandelbrotDemo 600"
    "NQueensDemo 14"
    "BankTransferDemo 2000000"
    "MatrixMultiplyDemo 800"
)
if [ -n "${DEMOS:-}" ]; then # a subset, "Demo args;Demo args"
    IFS=';' read -r -a demos <<<"$DEMOS"
fi
configs=(plain jfr-own agent-on agent-jfr)

run() { # config demo args...
    local config=$1 demo=$2
    shift 2
    local opts=()
    case $config in
        jfr-own) opts=(-XX:StartFlightRecording:filename="$out/recordings/own-$demo.jfr") ;;
        agent-on) opts=(-javaagent:"$agent=tool=OneCallbackTool") ;;
        agent-jfr) opts=(-javaagent:"$agent=jfr=$out/recordings/$demo.jfr") ;;
    esac
    # JFR's own recording logs to standard output; the filter keeps the harness's numbers only.
    "$java" "${opts[@]}" -cp "$app_cp" DemoLoop "$demo" "$iterations" "$@" 2>/dev/null |
        awk -v c="$config" -v d="$demo" -v w="$warmup" '/^[0-9.]+$/ { print d, c, (++i <= w ? "warm" : "steady"), $1 }'
}

for entry in "${demos[@]}"; do
    read -r demo args <<<"$entry"
    echo "== $demo $args" >&2
    for ((r = 0; r < rounds; r++)); do
        for ((k = 0; k < ${#configs[@]}; k++)); do
            run "${configs[(k + r) % ${#configs[@]}]}" "$demo" $args >>"$out/runs.txt"
        done
    done
    events=$("$bin/jfr" summary "$out/recordings/$demo.jfr" | awk '$1 ~ /^ompt\./ { n += $2 } END { print n + 0 }')
    total=$(awk -v d="$demo" -v r="$rounds" '$1 == d && $2 == "agent-jfr" { s += $4 } END { print s / r }' "$out/runs.txt")
    echo "$demo $events $total" >>"$out/rates.txt"
done

wall_ms() { # command...: one run's wall time in milliseconds
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}
for ((i = 0; i < startups; i++)); do
    echo "plain $(wall_ms "$java" -cp "$out/classes" Hello)" >>"$out/startup.txt"
    echo "jfr-own $(wall_ms "$java" -XX:StartFlightRecording:filename="$out/recordings/own.jfr" -cp "$out/classes" Hello)" >>"$out/startup.txt"
    echo "agent-jfr $(wall_ms "$java" -javaagent:"$agent=jfr=$out/recordings/agent.jfr" -cp "$out/classes" Hello)" >>"$out/startup.txt"
done

echo "Steady state: mean ± standard deviation of one run of the demo (ms), after $warmup warm-up runs; ratio to plain."
echo
echo "| demo | plain | jfr-own | agent-on | agent-jfr | agent-jfr / plain | agent-jfr / agent-on |"
echo "|---|---:|---:|---:|---:|---:|---:|"
awk '$3 == "steady" { n[$1, $2]++; s[$1, $2] += $4; q[$1, $2] += $4 * $4; if (!seen[$1]++) order[++k] = $1 }
    END {
        split("plain jfr-own agent-on agent-jfr", cs, " ")
        for (i = 1; i <= k; i++) {
            d = order[i]; line = "| " d
            for (j = 1; j <= 4; j++) { c = cs[j]; m[c] = s[d, c] / n[d, c]; line = line sprintf(" | %.1f ± %.1f", m[c], sqrt(q[d, c] / n[d, c] - m[c] * m[c])) }
            printf "%s | %.3f | %.3f |\n", line, m["agent-jfr"] / m["plain"], m["agent-jfr"] / m["agent-on"]
        }
    }' "$out/runs.txt" | tee "$out/steady.md"
echo
echo "First $warmup runs (JIT, weaving, JFR start-up), mean per run (ms):"
echo
echo "| demo | plain | jfr-own | agent-on | agent-jfr |"
echo "|---|---:|---:|---:|---:|"
awk '$3 == "warm" { n[$1, $2]++; s[$1, $2] += $4; if (!seen[$1]++) order[++k] = $1 }
    END {
        split("plain jfr-own agent-on agent-jfr", cs, " ")
        for (i = 1; i <= k; i++) { d = order[i]; line = "| " d; for (j = 1; j <= 4; j++) line = line sprintf(" | %.0f", s[d, cs[j]] / n[d, cs[j]]); print line " |" }
    }' "$out/runs.txt" | tee "$out/warm.md"
echo
echo "Events of one default recording ($iterations runs of the demo) and their rate:"
echo
echo "| demo | ompt events | events per second of demo time |"
echo "|---|---:|---:|"
awk '{ printf "| %s | %d | %.0f |\n", $1, $2, $2 / ($3 / 1000) }' "$out/rates.txt" | tee "$out/rates.md"
echo
echo "| start-up of a one-line program | wall (ms) |"
echo "|---|---:|"
awk '{ n[$1]++; s[$1] += $2; q[$1] += $2 * $2 }
    END {
        split("plain jfr-own agent-jfr", cs, " ")
        for (i = 1; i <= 3; i++) { c = cs[i]; m = s[c] / n[c]; printf "| %s | %.0f ± %.0f |\n", c, m, sqrt(q[c] / n[c] - m * m) }
    }' "$out/startup.txt" | tee "$out/startup.md"
