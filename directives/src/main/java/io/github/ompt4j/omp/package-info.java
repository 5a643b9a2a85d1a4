/**
 * OpenMP for Java: the directive library behind {@link io.github.ompt4j.omp.Omp}. It depends on the JDK
 * only and knows nothing about OMPT; the agent weaves the internal methods listed at the end of this note
 * to report OMPT events, so that the library runs at full speed without it.
 *
 * <h2>Threads</h2>
 * Every thread has a {@code ThreadState}: its innermost team, its implicit task there, and the task it is
 * executing. Pool threads ({@code Worker}, named {@code omp-worker-N}, daemon) carry it in a field; any
 * other thread finds it in a thread-local, created with an initial team of one (so directives outside a
 * region work, binding to that team). Workers are created on demand, with {@code OMP_STACKSIZE}, and never
 * end until the JVM shuts down: a shutdown hook sets a flag and unparks them, and idle workers end their
 * threads. A worker starts each region with its interrupt status cleared, as a {@code ThreadPoolExecutor}'s
 * worker does before each task, and clears it before it parks while idle.
 *
 * <h2>Teams</h2>
 * {@code Team.fork} chooses the size (num_threads or nthreads-var; one thread if the if clause is false or
 * max-active-levels is reached; fewer when thread-limit-var or dyn-var says so), gathers its workers, and
 * only then begins the region, with as many as it got: a worker thread that cannot be started
 * ({@code OutOfMemoryError: unable to create native thread}) makes the region smaller, its reservation is
 * returned, and the first time this happens a warning goes to standard error. Then it hands each worker its
 * member number through a volatile counter in the worker's dock. A thread reuses the team object it forks
 * at each nesting level, with its implicit tasks, barrier and buffers. A top-level team also keeps its
 * workers between regions (hot team): they spin, then park, in their dock until the next fork. Nested
 * teams borrow pool workers and return them at join; the pool may also take an idle hot worker, so the
 * threads of a master that has ended are reused rather than leaked. The fork writes one volatile per
 * worker and unparks only the workers that parked; the join is the end-of-region barrier. What one thread
 * writes and another reads in every region (the barrier's counters, a thread's parked flag) is padded onto
 * cache lines of its own, away from what its owner writes: a shared line costs a transfer per access.
 *
 * <h2>Barrier</h2>
 * A centralized counting barrier with a generation number. Each arrival is one atomic add; the last
 * arrival opens the barrier (a CAS that also resets the count, electing one opener) by bumping the
 * generation, and unparks whoever parked. The barrier stays closed while the team has incomplete
 * explicit tasks: waiters run queued tasks (their own newest first, else steal the oldest from the next
 * member round the team), and whoever completes the last task opens it. With 2 to 16 threads a central
 * counter costs one cache-line transfer per arrival, less than the extra rounds of a tree or dissemination
 * barrier. Arrivals from the end of a region are counted separately: if they meet members waiting at
 * another barrier, a member left the region without encountering that barrier, and the team fails with
 * an {@link java.lang.IllegalStateException} instead of deadlocking.
 *
 * <h2>Worksharing</h2>
 * Members agree on worksharing constructs without talking: each counts the constructs it encounters.
 * Static schedules are computed from the member number alone. Dynamic, guided and ordered loops and
 * sections use slot k mod 8 of a ring of {@code WorkShare}s, initialized by the first member to arrive once
 * every member has left the slot's previous construct (so {@code nowait} lets members run up to seven
 * constructs apart). A slot's chunk counter, which every chunk of a dynamic loop takes with one atomic add (a
 * guided one with a CAS), has a cache line of its own, as libgomp's does. A single construct is won by the
 * CAS that moves the team's single count from n to n + 1. Reductions and the copyprivate broadcast write
 * per-member padded slots in one of two alternating buffers, meet at a barrier, and read: one barrier per
 * reduction.
 *
 * <h2>Tasks</h2>
 * A deferred task goes to its creator's queue and wakes one parked member; tasks run at task scheduling
 * points (barriers, {@code taskwait}, {@code taskgroup} end, {@code taskyield}, an undeferred task waiting
 * for its dependences). A task is run at once when undeferred, included (in a final task), in a team of
 * one, or when its creator has 64 tasks queued. No counter is shared by the whole team: each member
 * counts the tasks it created and completed (single writer), and a barrier sees no incomplete task when
 * the sums agree, completions read first (a task's children are created before it completes, so the
 * creations a completion depends on are then visible). A task run at once is counted nowhere: it ends
 * inside the call that created it, before anything that could wait for it. Queues are ring deques behind a
 * spin lock.
 * Dependences are kept per parent task, by object identity (last writer, readers since); successors form
 * a lock-free list that completion closes. Completed tasks leave the map as later siblings register
 * (amortized), the whole map goes at a {@code taskwait}, a barrier or the task's end, and a task drops
 * its body once run: a long-running producer of dependent tasks holds only those still running. A Java
 * thread cannot suspend a task, so a thread in {@code taskwait} may run any task of its team; untied and
 * mergeable are recorded only.
 *
 * <h2>Waiting</h2>
 * {@code OMP_WAIT_POLICY}: {@code active} spins (yielding when busy threads outnumber processors) and never
 * parks; {@code passive} parks at once; the default spins about 0.4 ms (16,384 pauses), or a few
 * iterations when threads outnumber processors, then parks. Every spin yields once every 64 pauses (about
 * 1.5 µs, longer than a barrier on an idle machine waits), so that a waiter sharing its core with the
 * thread it waits for lets it run. Barriers and the dock park until unparked; polling waits
 * (ordered, taskwait, work-share slots) park for 20 µs at a time. Waits are not interruptible, as
 * OpenMP's are not: a wait puts a pending interrupt aside while it parks and restores it when it ends (a
 * pending interrupt makes a park return at once). Locks, critical sections and atomic
 * blocks share one {@code Mutex}, built like a futex mutex whose word names its owner (free, or held by
 * a thread, with a bit for parked waiters): one CAS to take it, one exchange to release it, a spin that
 * looks less and less often, as long as the wait policy lets waits spin (a few looks if hinted
 * {@link io.github.ompt4j.omp.LockHint#UNCONTENDED}), then park; a release unparks only if someone parked. A thread that would park looks at the owner first, and
 * a lock, critical section or atomic block it already holds is an error, not a hang.
 *
 * <h2>Failures</h2>
 * The first exception of a member or task marks the team failed and unparks everyone; every wait checks
 * the mark and throws an internal abort; the encountering thread rethrows the first exception, the others
 * suppressed (up to {@code Team.KEPT_FAILURES} in all), once every worker has left the region. Failures
 * include stack overflows and exhausted heaps, so nothing on their path may fail again: the abort exists
 * before the first failure (initializing its class on an exhausted stack would fail, for good), recording
 * a failure calls and allocates nothing before the mark is set, failure messages are built without string
 * concatenation (whose first use links classes), a task queue's lock is released by a handler that needs
 * no call, and a worker's loop, like the encountering thread's implicit task, survives any
 * {@code Throwable}.
 *
 * <h2>Weave points</h2>
 * Small methods, one per OMPT event, on a few internal classes; entry and exit of each:
 * <table>
 * <caption>OMPT events and the methods that mark them</caption>
 * <tr><th>event</th><th>method</th></tr>
 * <tr><td>thread begin/end (worker)</td><td>{@code Worker.run}</td></tr>
 * <tr><td>idle begin/end</td><td>{@code Worker.idle}</td></tr>
 * <tr><td>parallel begin</td><td>{@code Team.begin} (entry: requested and granted size; workers are
 *     released inside)</td></tr>
 * <tr><td>parallel end</td><td>{@code Team.join}</td></tr>
 * <tr><td>implicit task begin/end</td><td>{@code ImplicitTask.run} (includes the region's end barrier)</td></tr>
 * <tr><td>barrier begin/end (implicit parallel, implicit workshare, explicit)</td>
 *     <td>{@code Barrier.await(ThreadState, BarrierKind)}</td></tr>
 * <tr><td>barrier wait begin/end</td><td>{@code Barrier.waitForOthers}</td></tr>
 * <tr><td>work loop/sections begin (schedule, count)</td><td>{@code LoopScheduler.begin}</td></tr>
 * <tr><td>chunk dispatch</td><td>{@code LoopScheduler.nextChunk} (fields {@code chunkStart},
 *     {@code chunkEnd})</td></tr>
 * <tr><td>work loop/sections end</td><td>{@code LoopScheduler.end}</td></tr>
 * <tr><td>single begin (executor or other)/end</td><td>{@code Worksharing.singleEnter} (its result),
 *     {@code Worksharing.singleExit}, or {@code Worksharing.singleFailed} when the construct failed</td></tr>
 * <tr><td>masked/master begin/end</td><td>{@code Masked.run}</td></tr>
 * <tr><td>critical acquire, acquired / release</td><td>{@code Critical.enter} / {@code Critical.exit}</td></tr>
 * <tr><td>atomic acquire, acquired / release</td><td>{@code Atomic.enter} / {@code Atomic.exit}</td></tr>
 * <tr><td>ordered acquire, acquired / release</td><td>{@code Ordered.enter} / {@code Ordered.exit}</td></tr>
 * <tr><td>lock init / destroy</td><td>{@code OmpLock.<init>} / {@code OmpLock.destroy}</td></tr>
 * <tr><td>lock acquire, acquired / release</td><td>{@code OmpLock.acquire} / {@code OmpLock.release};
 *     {@code OmpLock.test}</td></tr>
 * <tr><td>nest lock init / destroy</td><td>{@code OmpNestLock.<init>} / {@code OmpNestLock.destroy}</td></tr>
 * <tr><td>nest lock acquire first / release last</td><td>{@code OmpNestLock.acquireFirst} /
 *     {@code OmpNestLock.releaseLast}</td></tr>
 * <tr><td>a lock, critical or atomic acquisition blocks (its fast path failed)</td><td>{@code Mutex.spinFor}
 *     entry</td></tr>
 * <tr><td>nest lock acquired next / release prev</td><td>{@code OmpNestLock.set} / {@code OmpNestLock.unset}
 *     with {@code nesting} above 1</td></tr>
 * <tr><td>task create</td><td>{@code Tasking.create}</td></tr>
 * <tr><td>task schedule (switch) / task end</td><td>{@code ExplicitTask.run} entry / exit</td></tr>
 * <tr><td>task end (before the counts that release its waiters drop)</td><td>{@code ExplicitTask.complete}</td></tr>
 * <tr><td>task cancelled (dropped after a failure)</td><td>{@code ExplicitTask.discarded}</td></tr>
 * <tr><td>dependence pair</td><td>{@code ExplicitTask.addSuccessor} (while the task has not completed)</td></tr>
 * <tr><td>task dependences</td><td>{@code Dependences.register}</td></tr>
 * <tr><td>taskwait begin/end</td><td>{@code Tasking.taskwait}</td></tr>
 * <tr><td>taskgroup begin/end</td><td>{@code Tasking.taskgroup}</td></tr>
 * <tr><td>taskgroup end (wait for the group)</td><td>{@code Tasking.taskgroupEnd}</td></tr>
 * <tr><td>taskyield</td><td>{@code Tasking.taskyield}</td></tr>
 * <tr><td>reduction begin/end</td><td>{@code Reducer.combine} (one per value type), and
 *     {@code Reducer.combineRegion} for {@code parallelReduce} (on the encountering thread)</td></tr>
 * <tr><td>control tool</td><td>{@code Omp.controlTool} (its result)</td></tr>
 * </table>
 */
package io.github.ompt4j.omp;
