/**
 * The OMPT model: what an OpenMP runtime with OMPT knows and tells, for the JVM.
 *
 * <p><b>Where it lives.</b> This package depends on the JDK only and sits on the bootstrap class path,
 * so that advice woven into {@code java.util.concurrent} can call it. Adapters call
 * {@link io.github.ompt4j.model.OmptRuntime}; tools implement {@link io.github.ompt4j.model.OmptTool};
 * applications call {@link io.github.ompt4j.model.Ompt#control}.
 *
 * <p><b>One table per kind.</b> Every enum carries the spec's numeric codes (TR2 Appendix A) and derives
 * its {@code ompt_*} names from its constants. {@link io.github.ompt4j.model.OmptEvent} is the one table
 * of what this runtime implements: the callback signature of each event and what
 * {@code ompt_set_callback} answers (target events: "never"; flush: "no callback possible"). Where
 * OpenMP 5.x refined a TR2 kind (implicit barrier of a region or of a worksharing construct, single
 * executor or other, loop schedules), the refinement is an implementation-defined code from 128 on that
 * names its TR2 kind, so tools written against TR2 keep working. A mutex kind's row names its wait state and
 * events, a sync-region kind's its events. Adding an event is a row in {@code OmptEvent}; a JFR event type for
 * it is a row in {@code io.github.ompt4j.jfr.JfrBinding} (module {@code jfr-events}), not a change here.
 *
 * <p><b>Operations.</b> {@link io.github.ompt4j.model.OmptRuntime} is the adapters' one entry point, each
 * operation documented there; the protocols behind the mutex and sync-region operations are {@code Mutexes}
 * and {@code SyncRegions}.
 *
 * <p><b>Per-thread data.</b> {@link io.github.ompt4j.model.OmptThread} holds a thread's ID, state, wait ID
 * and task stack, with its open sync regions ({@code SyncRegionStack}), the mutex acquisition in progress
 * ({@code MutexAcquisition}) and the mutexes it holds ({@code HeldMutexes}, which other threads read to name a
 * waiter's holder); {@link io.github.ompt4j.model.OmptThreads} finds it through a ThreadLocal backed by a
 * concurrent map, because the common pool clears ThreadLocals on JDK 25 and other threads must see
 * every thread. Only the owner writes; state changes are release stores (an ordinary store on x86),
 * readers use acquire loads. Tasks and regions ({@link io.github.ompt4j.model.OmptTask},
 * {@link io.github.ompt4j.model.OmptParallel}) are immutable records linked to their parents, so
 * ancestor inquiry works across threads.
 *
 * <p><b>IDs.</b> Region, task and wait IDs come from per-thread blocks of 65,536
 * ({@code OmptIds}): one shared atomic increment per block, never one per ID. Thread IDs are a
 * simple sequence from 1, taken once per thread, so that traces read like LLVM's.
 *
 * <p><b>Dispatch.</b> {@link io.github.ompt4j.model.OmptDispatch} reads one volatile table (copy on
 * write, replaced when tools or internal listeners change) and hands an event with callbacks to
 * {@code OmptDelivery}, whose loops the JIT never inlines; an event with no callback costs a load and a
 * branch, one with a callback an interface call per tool, no allocation. Callbacks never nest (a
 * per-thread flag drops events raised by tool code) and a tool's exception is caught, counted and
 * reported once ({@link io.github.ompt4j.model.ToolFailures}).
 *
 * <p><b>Registration.</b> {@code OMP_TOOL} is {@code enabled} by default; any value other than
 * {@code enabled}/{@code disabled} is an error, which the agent makes fatal (as it does a named tool that
 * cannot be loaded: the model names no agent option and never exits). Tools are the ones named by the
 * agent's {@code tool=} option,
 * then {@code ServiceLoader} providers; every tool that accepts is initialized, in that order, each with
 * its own {@code ompt_set_callback} that works only during its {@code initialize}
 * ({@link io.github.ompt4j.model.OmptRegistry}). {@code runtime_shutdown} is delivered once, from a
 * shutdown hook.
 */
package io.github.ompt4j.model;
