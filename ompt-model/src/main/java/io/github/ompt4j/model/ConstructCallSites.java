package io.github.ompt4j.model;

import java.util.Arrays;
import jdk.internal.vm.annotation.Contended;

/**
 * One thread's open worksharing, master and structured-mutex constructs' call sites, innermost last: a construct's
 * end reports its begin's call site. Owner thread only; the array is reused, so a construct allocates nothing once
 * it has grown to the program's nesting depth.
 * Padded ({@code @Contended}), as {@link OmptThread} says why.
 */
@Contended
final class ConstructCallSites {
    private final long threadId;
    private long[] codeptrs = new long[4];
    private int depth;
    /** The call site of the construct that began or ended last on this thread. */
    private long last;

    ConstructCallSites(long threadId) {
        this.threadId = threadId;
    }

    void push(long codeptr) {
        if (depth == codeptrs.length) {
            codeptrs = Arrays.copyOf(codeptrs, depth * 2);
        }
        codeptrs[depth++] = codeptr;
        last = codeptr;
    }

    long pop() {
        if (depth == 0) {
            throw new IllegalStateException("no construct to end on thread " + threadId);
        }
        last = codeptrs[--depth];
        return last;
    }

    long last() {
        return last;
    }
}
