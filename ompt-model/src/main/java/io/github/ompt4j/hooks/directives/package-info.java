/**
 * The {@code directives} adapter's hooks: what the bundled directive library ({@code io.github.ompt4j.omp})
 * does, turned into {@link io.github.ompt4j.model.OmptRuntime} operations.
 *
 * <p>One class per kind of construct, as the weavings are: {@link io.github.ompt4j.hooks.directives.RegionHooks}
 * (the team's workers, parallel regions, implicit tasks, {@code Omp.controlTool}),
 * {@link io.github.ompt4j.hooks.directives.SyncRegionHooks} (barriers, taskwait, taskgroup, reductions),
 * {@link io.github.ompt4j.hooks.directives.WorksharingHooks} (loops, sections, single, masked),
 * {@link io.github.ompt4j.hooks.directives.MutexHooks} (critical, atomic, ordered, the locks) and
 * {@link io.github.ompt4j.hooks.directives.TaskHooks} (explicit tasks and their dependences). What they share
 * (the adapter's health, the thread, the construct's call site, whether a construct begins untracked) is in
 * {@link io.github.ompt4j.hooks.directives.Directives}; the call sites the library's callers mark are in
 * {@link io.github.ompt4j.hooks.directives.DirectiveCallSites}.
 *
 * <p>Woven code passes what it read from the library: primitives, the library's enums and opaque
 * {@code toolData} slots (which hold our regions and tasks) as {@code Object}, since the bootstrap loader
 * cannot see the library's types. Adding a construct is a hook in the class of its kind and a row in its
 * weaving ({@code io.github.ompt4j.adapters.directives}).
 */
package io.github.ompt4j.hooks.directives;
