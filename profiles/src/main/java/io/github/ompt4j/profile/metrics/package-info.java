/**
 * The metrics of the report. From the samples, as the Analyzer computes them: OMP work and OMP wait per
 * function ({@link io.github.ompt4j.profile.metrics.FunctionMetrics}) and per region
 * ({@link io.github.ompt4j.profile.metrics.RegionMetrics}), which add up to the sampled thread time, and the
 * Java monitor waits by class and call site ({@link io.github.ompt4j.profile.metrics.MonitorBlame}, which JFR's
 * own monitor events blame on a holder). From the
 * recorded intervals, which are exact where samples are statistical: each region's load imbalance (as the JMC
 * rule counts it), waits by kind ({@link io.github.ompt4j.profile.metrics.WaitMetrics}), mutex waits blamed on
 * the holders' call sites ({@link io.github.ompt4j.profile.metrics.LockBlame}) and idle time blamed on the
 * regions that ran meanwhile ({@link io.github.ompt4j.profile.metrics.IdleBlame}).
 */
package io.github.ompt4j.profile.metrics;
