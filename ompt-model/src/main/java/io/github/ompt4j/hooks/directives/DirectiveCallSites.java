package io.github.ompt4j.hooks.directives;

import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;

/**
 * Hooks woven around the program's own calls of the directive library's constructs ({@code Omp.critical},
 * {@code OmpLock.set}, ...), so that a construct knows its call site without walking the stack. The weaver
 * writes each call site's description into the calling class as a constant; {@link #enter} marks it on the
 * thread just before the call and {@link #leave} unmarks it when the call returns, so the construct's hooks,
 * and those of combined constructs it runs on the same thread, find it there ({@code Directives#callSite}). A
 * walk costs about a microsecond, several times a mutex operation; the mark costs a thread lookup.
 *
 * <p>Calls the weaver cannot see (through reflection, a method reference's hidden class, a class in a named
 * module) are not marked, and their constructs walk the stack as before, unless an enclosing marked call is
 * still in progress on the thread: they then report that call's site, the nearest one the program wrote. A
 * worker counts its region's marked call as its own while it runs its implicit task, so the constructs the
 * library runs for a combined construct ({@code Omp.parallelFor}) name the program's call on every member.
 */
public final class DirectiveCallSites {
    private DirectiveCallSites() {
    }

    /** The program is about to call a construct at {@code site}. */
    public static void enter(String site) {
        mark(site);
    }

    /** The call marked by {@link #enter} returned. */
    public static void leave() {
        mark(null);
    }

    private static void mark(String site) {
        if (Directives.HEALTH.active()) {
            OmptThread t = OmptThreads.current();
            if (t != null) {
                t.markCallSite(site);
            }
        }
    }
}
