package io.github.ompt4j.hooks.directives;

import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;

/**
 * Hooks woven around the program's own calls of the directive library's constructs ({@code Omp.critical},
 * {@code OmpLock.set}, ...), so that a construct knows its call site without walking the stack. The weaver
 * gives each call site its token when it weaves the calling class and writes the token there as a constant;
 * {@link #enter} marks it on the thread just before the call and {@link #leave} unmarks it when the call
 * returns, so the construct's hooks, and those of combined constructs it runs on the same thread, find it
 * there ({@code Directives#callSite}). A walk costs about a microsecond, several times a mutex operation; a
 * marked call costs one thread lookup and two plain stores.
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

    /**
     * The program is about to call a construct at the call site {@code token}: returns the thread marked, which
     * the woven code keeps in a local for {@link #leave} (a thread lookup costs a chain of dependent loads, and a
     * bank transfer marks five calls), or null if nothing was marked.
     */
    public static Object enter(long token) {
        if (Directives.HEALTH.active()) {
            OmptThread t = OmptThreads.current();
            if (t != null) {
                t.markCallSite(token);
                return t;
            }
        }
        return null;
    }

    /** The call that {@link #enter} marked on {@code marked} (null: none) returned. */
    public static void leave(Object marked) {
        if (marked != null) {
            ((OmptThread) marked).markCallSite(0);
        }
    }
}
