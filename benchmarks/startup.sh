#!/usr/bin/env bash
# Start-up cost of the agent: whole-JVM wall time of a hello world and of the Mandelbrot demo, without the
# agent, with it (every adapter, no tool; its cache warm from the warm-up runs, and with cache=off, as a JVM
# that must weave everything) and with the print tool, interleaved by hyperfine (Debian package `hyperfine`),
# 3 warm-up and 15 timed runs each. Prints hyperfine's table (mean ± σ, min … max).
#
# Usage: benchmarks/startup.sh      (from anywhere; builds first unless OVERHEAD_SKIP_BUILD=1)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "startup.sh needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
if [ "${OVERHEAD_SKIP_BUILD:-0}" != 1 ]; then
    mvn -B -q -ntp install -DskipTests
fi
out=benchmarks/target/startup
mkdir -p "$out/hello"
printf 'public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n' >"$out/hello/Hello.java"
javac -d "$out/hello" "$out/hello/Hello.java"
agent=agent/target/ompt-agent.jar
demo=directives/target/classes:demo-apps/target/classes
hyperfine -N -w 3 -r 15 --export-markdown "$out/table.md" \
    "java -cp $out/hello Hello" \
    "java -javaagent:$agent -cp $out/hello Hello" \
    "java -javaagent:$agent=cache=off -cp $out/hello Hello" \
    "java -javaagent:$agent=tool=print -cp $out/hello Hello" \
    "java -cp $demo io.github.ompt4j.demo.MandelbrotDemo 200" \
    "java -javaagent:$agent -cp $demo io.github.ompt4j.demo.MandelbrotDemo 200" \
    "java -javaagent:$agent=cache=off -cp $demo io.github.ompt4j.demo.MandelbrotDemo 200" \
    "java -javaagent:$agent=tool=print -cp $demo io.github.ompt4j.demo.MandelbrotDemo 200"
cat "$out/table.md"
