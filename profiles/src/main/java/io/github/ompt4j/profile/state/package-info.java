/**
 * Every thread's OMPT state, region, task and wait ID at any instant, from the recording alone, and the
 * regions with their teams and nesting.
 *
 * <p>{@link io.github.ompt4j.profile.state.StateRule} applies the rule {@code jfr-events} documents (package
 * {@code io.github.ompt4j.jfr}) in one sweep over a thread's span boundaries, into
 * {@link io.github.ompt4j.profile.state.Intervals}: consecutive intervals in primitive arrays, found by binary
 * search. Where only the rule's default decided (no span said anything: a pool worker whose tasks were not
 * recorded, a thread before its first span), and for mutex waits in recordings without
 * {@code ompt.MutexAcquire}, the thread's {@code ompt.ThreadState} samples correct the intervals, each for
 * the time from half a period before it to half a period before the thread's next sample (the sampler writes a
 * sample when the state changed, or 50 periods later). A worker's overhead between its idle span and its next implicit task
 * belongs to that region, so the fork shows on the region's stack. A thread whose task span is missing (the
 * recording ended first) takes its region from the wait or sync region it is in.
 *
 * <p>{@link io.github.ompt4j.profile.state.RegionTable} knows each region's enclosing region (the region of its
 * encountering task, else the one its thread was in when it began) and its team (the members' implicit
 * tasks).
 */
package io.github.ompt4j.profile.state;
