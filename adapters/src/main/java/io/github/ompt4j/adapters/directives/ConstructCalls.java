package io.github.ompt4j.adapters.directives;

import io.github.ompt4j.adapters.weave.CallSiteMarking;
import io.github.ompt4j.hooks.directives.DirectiveCallSites;
import java.util.List;
import java.util.Set;

/**
 * The program's calls of the library's constructs, marked with their call sites so that the hooks need no
 * stack walk (OMPT's {@code codeptr_ra}): every {@code Omp} method that begins a construct, and what a lock
 * does. Inquiry and ICV functions are left alone: they report nothing, and a program may call them in its
 * innermost loops. {@code DirectivesWeavingTest} checks every name against the library.
 */
final class ConstructCalls {
    static final String OMP = "io.github.ompt4j.omp.Omp";
    static final Set<String> OMP_CONSTRUCTS = Set.of("parallel", "parallelIf", "parallelFor", "parallelReduce",
            "parallelForReduce", "forLoop", "forLoopNowait", "forLoopLong", "forLoopLongNowait", "forLoopOrdered",
            "forLoopCollapse", "forLoopCollapseNowait", "forReduce", "reduce", "ordered", "sections", "sectionsNowait",
            "single", "singleNowait", "singleCopy", "master", "masked", "critical", "atomic", "atomicAdd", "barrier",
            "task", "taskwait", "taskgroup", "taskyield", "controlTool");
    static final Set<String> LOCK_OPERATIONS = Set.of("<init>", "set", "unset", "test", "destroy");
    static final List<CallSiteMarking> MARKINGS = List.of(
            new CallSiteMarking(OMP, OMP_CONSTRUCTS, DirectiveCallSites.class),
            new CallSiteMarking("io.github.ompt4j.omp.OmpLock", LOCK_OPERATIONS, DirectiveCallSites.class),
            new CallSiteMarking("io.github.ompt4j.omp.OmpNestLock", LOCK_OPERATIONS, DirectiveCallSites.class));

    private ConstructCalls() {
    }
}
