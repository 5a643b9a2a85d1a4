/**
 * A program whose profile is mostly Java monitor waits, run as a process: {@code ContendedMonitors} makes the
 * recording {@code benchmarks/fold-speed.sh} folds, a million wall-clock samples with the JVM's monitor events
 * ({@code jdk.JavaMonitorEnter}, {@code jdk.JavaMonitorWait}) recorded at every length.
 */
package io.github.ompt4j.benchmarks.monitors;
