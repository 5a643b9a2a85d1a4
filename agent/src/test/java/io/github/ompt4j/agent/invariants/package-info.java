/**
 * A checker of the print tool's traces: promises of the README's tables that hold for every program,
 * whatever it does, checked over a whole trace as it streams past (a TCK run prints millions of lines).
 *
 * <p>{@link io.github.ompt4j.agent.invariants.TraceInvariants} reads the lines in print order and hands
 * each event to one check per {@link io.github.ompt4j.agent.invariants.Invariant}; a check reports a
 * {@link io.github.ompt4j.agent.invariants.Violation} with the context (for the TCK, the test) in which the
 * offending event, or the begin that never ended, was printed. The print order is the order of the
 * callbacks: each line is printed under the stream's lock by the thread the event happened on, before the
 * callback returns. An invariant is therefore a claim about what a tool sees, in the order it sees it:
 * a release reported after the lock was already free, for example, shows as two holders.
 *
 * <p>What a trace cannot tell is left alone: whether a thread still open at the end of the trace is alive
 * (the JVM ends with pool workers and the JDK's own threads running, which report no {@code thread_end}),
 * whether a lock's waiter gave up (a timed wait ends with no event), and which {@code lock}-kind mutexes
 * are exclusive (a {@code Semaphore} permit, a read lock and a {@code StampedLock} share the kind): only
 * nest locks and the directive library's critical, atomic and ordered mutexes are checked for a single
 * holder; a {@code lock}-kind mutex only for releases that outnumber its acquisitions.
 */
package io.github.ompt4j.agent.invariants;
