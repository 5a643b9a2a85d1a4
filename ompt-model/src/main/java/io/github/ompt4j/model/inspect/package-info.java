/**
 * Live inspection: OMPD's job for the JVM, answered from inside the target. A debugger's OMPD library reads a
 * stopped process's memory through handles for threads, regions and tasks; a JVM is best asked while it runs,
 * by a thread of its own, so {@link io.github.ompt4j.model.inspect.Inspection#take()} builds a
 * {@link io.github.ompt4j.model.inspect.Snapshot} on the calling thread (the agent's MXBean runs it on the JMX
 * connection's thread) while the program goes on.
 *
 * <p><b>No pause, no program lock.</b> Each thread's state, wait ID, wait start and task stack are fields its
 * owner publishes ({@link io.github.ompt4j.model.OmptThread}); they are read, never locked, so a thread stuck at
 * a barrier or in a deadlock is inspected like any other. Lock owners come from the lock itself, through the
 * JVM ({@code ThreadMXBean} without stacks, which HotSpot answers without a safepoint); only when a thread is
 * blocked on a monitor are its owner's locked monitors read, to say where it took it, which stops the world for
 * those few threads.
 *
 * <p><b>What it derives.</b> Regions and tasks are those reachable from the threads' stacks (a region's
 * members, a task's parent chain); waits follow the state and wait ID ({@code Waits}); a cycle among them is a
 * deadlock ({@code Cycles}). Everything the runtime does not keep is {@code -1} or {@code null}: time in a work
 * state (only waits and idle are timed, from the wait's start), a call site never marked, a holder nobody can
 * name.
 *
 * <p><b>Handles.</b> IDs in an answer can be named again ({@link io.github.ompt4j.model.inspect.Handles}); an ID
 * that no longer names anything live answers {@code stale_handle}, one the runtime never issued
 * {@code bad_input}, a task that threads wait for but no thread runs {@code unavailable}.
 */
package io.github.ompt4j.model.inspect;
