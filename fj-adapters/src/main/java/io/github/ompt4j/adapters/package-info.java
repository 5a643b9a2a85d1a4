/**
 * Byte Buddy advice that makes Java's parallel frameworks report OMPT events.
 *
 * <p><b>Shape.</b> An {@link io.github.ompt4j.adapters.Adapter} is a group of
 * {@link io.github.ompt4j.adapters.TypeInstrumentation}s that switches on and off as a unit (the agent's
 * {@code adapters=} option). Each instrumentation weaves one target type, matched by name, and its
 * advice does nothing but read what the target has at hand and call a hook; the hooks (for the
 * directive library, {@code directives.DirectivesHooks}) turn weave points into
 * {@code OmptRuntime} operations and hold all the logic.
 *
 * <p><b>Never break the application.</b> Advice suppresses its own exceptions; hooks catch everything
 * and report it to the adapter's {@link io.github.ompt4j.adapters.AdapterHealth}, whose first failure
 * disables the adapter with one warning, because a half-reported framework would give tools unmatched
 * begin and end events. Begin/end pairs pass "did begin" from enter to exit advice, so an end is never
 * reported without its begin.
 *
 * <p><b>The directive library.</b> Its advice classes live in the library's own package name
 * ({@code io.github.ompt4j.omp}) so that, once inlined into the library's classes, they may read the
 * package-private fields the events need (a team's size, a lock's ID, the library's {@code toolData}
 * slots that hold our regions and tasks). They are read from their class files, never loaded for
 * weaving (see {@link io.github.ompt4j.adapters.TypeInstrumentation#advice}). Every advice first tests
 * {@code DirectivesHooks.ACTIVE}, a constant that is false when no tool was registered: the JIT then
 * removes the advice, and the library runs as if unwoven.
 */
package io.github.ompt4j.adapters;
