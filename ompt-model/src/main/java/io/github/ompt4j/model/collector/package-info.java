/**
 * Sun's OpenMP Collector API (the ARB white paper of 2007 and its {@code omp_collector_api.h}) as a
 * facade over the OMPT model: the same per-thread states, region IDs and events, seen through the
 * older, smaller interface that statistical profilers were written against.
 *
 * <h2>Session lifecycle</h2>
 *
 * <pre>
 *            START                 STOP
 *  closed ----------&gt; started ------------&gt; closed   (START again: a new session)
 *                     |    ^
 *               PAUSE |    | RESUME         (idempotent; registrations are kept)
 *                     v    |
 *                     paused
 * </pre>
 *
 * Before START and after STOP every request but START answers SEQUENCE_ERR, and so does a second
 * START, and a START too late (below). REGISTER and UNREGISTER work while paused: PAUSE only stops
 * delivery, and events that happen meanwhile are dropped, not queued. STOP forgets every callback, so
 * a restarted session begins empty.
 *
 * <h2>Tracking, and a START too late</h2>
 *
 * START turns on the runtime's tracking ({@link io.github.ompt4j.model.OmptRegistry#keepTracking}):
 * the per-thread states and region IDs that STATE and CURRENT_PRID read, which OMPT keeps anyway when a
 * tool is registered, so a sampling collector needs no REGISTER and no OMPT tool. Tracking stays on
 * after STOP. It cannot safely turn on in the middle of constructs (their ends would come without
 * their begins, and workers that started untracked stay unknown), so START answers SEQUENCE_ERR, as
 * the header allows for a START that "arrives too late for such initialization", once the directive
 * library has run untracked: a region, a worker, or a construct that spans methods. Issued first thing
 * in {@code main}, or with a tool registered at start-up, START is never too late.
 *
 * <h2>Events</h2>
 *
 * Barrier events follow the header's definition of the barrier states: IBAR and EBAR begin when a
 * thread enters a barrier and end when it leaves, on every member, including the last to arrive, which
 * does not wait. Lock, critical and atomic waits (LKWT, CTWT, ATWT) are reported only when the thread
 * found the mutex held and blocked, which is also when STATE, for samplers, enters the wait state. An end is delivered only for a begin the bridge saw on that thread, so registrations
 * changed, or a PAUSE, in the middle of a wait may lose its end but never make an end without begin.
 *
 * <h2>Cost and threading</h2>
 *
 * Events cost nothing until a collector wants them: the {@code CollectorBridge} attaches a listener
 * to an OMPT event (through {@link io.github.ompt4j.model.OmptRegistry#attach}) only while the session
 * is started, not paused, and a callback is registered for a collector event made from it, and
 * detaches it otherwise. A delivered event is one volatile load and one interface call on the thread
 * where the event happens, and for barriers and waits a per-thread count found through a ThreadLocal;
 * OMPT's dispatcher marks that thread as inside a tool, so events raised by the callback's own code
 * are dropped, and catches and counts what the callback throws.
 *
 * <p>Lifecycle requests take one lock and rebuild the table of active callbacks (copy on write).
 * STATE, CURRENT_PRID and PARENT_PRID take no lock and allocate nothing: they read the calling
 * thread's data with acquire loads, so a thread caught between two transitions answers the state
 * before or after, as with {@code ompt_get_state}.
 *
 * <h2>The request buffer</h2>
 *
 * {@link io.github.ompt4j.model.collector.CollectorApi#request} takes the header's batched format,
 * starting at the buffer's position, integers in the buffer's byte order:
 *
 * <pre>
 *  +----+----+----+-----+-----+...+----+----+----+-----+-----+...+----+
 *  | sz | r# | ec | rsz | mem |   | sz | r# | ec | rsz | mem |   | 0  |
 *  +----+----+----+-----+-----+...+----+----+----+-----+-----+...+----+
 * </pre>
 *
 * {@code sz}, {@code r#}, {@code ec} and {@code rsz} are 4-byte ints; {@code sz} counts the whole entry
 * with its 16-byte header, and the next entry follows it. Entries are processed in order, each as if
 * it had been sent alone. The framing rules of the header:
 *
 * <ul>
 *   <li>an entry must start at an index that is a multiple of 4, and {@code sz} must be a multiple of
 *       4, at least 16, and fit before the limit; otherwise the rest of the request is ignored and the
 *       call returns -1 (the entries before it keep their answers). A request without its terminating
 *       {@code sz == 0} before the limit also returns -1;</li>
 *   <li>{@code mem} of a request that holds a {@code long} (REGISTER, STATE, CURRENT_PRID,
 *       PARENT_PRID) must start at an index that is a multiple of 8, or the entry answers ERROR and is
 *       otherwise ignored. Alignment is of buffer indices, the buffer's own "addresses": it does not
 *       depend on where the JVM put the memory;</li>
 *   <li>a {@code mem} smaller than the request's layout answers MEM_TOO_SMALL with {@code rsz} set to
 *       the size it needs; a successful request sets {@code rsz} to the size of what it returned, and
 *       any other answer sets it to 0.</li>
 * </ul>
 *
 * An entry is checked in this order: an unknown request number (UNKNOWN), then the alignment of
 * {@code mem} (ERROR), then its size (MEM_TOO_SMALL), and only then is the request run, which may
 * answer SEQUENCE_ERR and the rest. The layouts of {@code mem}:
 *
 * <table>
 *   <caption>mem per request</caption>
 *   <tr><th>request</th><th>mem</th><th>rsz when OK</th></tr>
 *   <tr><td>START 0, STOP 6, PAUSE 7, RESUME 8</td><td>nothing</td><td>0</td></tr>
 *   <tr><td>REGISTER 1</td><td>in: {@code {int event, int pad, long handle}}</td><td>0</td></tr>
 *   <tr><td>UNREGISTER 2</td><td>in: {@code int event}</td><td>0</td></tr>
 *   <tr><td>STATE 3</td><td>out: {@code {int THR_state, int pad, long wait_id}}</td><td>16</td></tr>
 *   <tr><td>CURRENT_PRID 4, PARENT_PRID 5</td><td>out: {@code long region_id}</td><td>8</td></tr>
 * </table>
 *
 * A Java callback cannot live in a buffer, so REGISTER carries a handle from
 * {@link io.github.ompt4j.model.collector.CollectorApi#handle} where C has a function pointer.
 *
 * <h2>Regions and the FORK event</h2>
 *
 * The header expects a collector to ask CURRENT_PRID and PARENT_PRID from its FORK callback, to learn
 * the new region and whether it is nested. OMPT reports {@code parallel_begin} before the master has
 * entered the new region, so during a FORK callback the forking thread counts as the master of the
 * new team: CURRENT_PRID is the new region, PARENT_PRID the region it forked from (0 at the outermost
 * level). Elsewhere PARENT_PRID answers only on thread 0 of a region.
 *
 * <p>The tables of states and events, and how they come from OMPT's, are in {@code COLLECTOR.md}.
 */
package io.github.ompt4j.model.collector;
