package io.github.ompt4j.model;

import java.util.Arrays;

/**
 * One thread's open sync regions (barrier, taskwait, taskgroup, reduction), innermost last, across its task
 * stack: regions nest (a barrier inside a reduction, a taskwait in a task that runs while its thread waits at
 * a barrier), so they form a stack beside the task stack; a task sees the regions above the depth at which it
 * started ({@code base}). Owner thread only; the arrays are reused, so opening a region allocates nothing once
 * they have grown to the program's nesting depth. They hold only primitives (a kind as its ordinal), so that
 * opening one, as every join of a fork/join task does, stores no reference into these long-lived arrays: G1's
 * write barrier fences the processor on such a store.
 */
final class SyncRegionStack {
    private static final OmptSyncRegionKind[] KINDS = OmptSyncRegionKind.values();

    private final long threadId;
    private int[] kinds = new int[4];
    private long[] codeptrs = new long[4];
    private long[] waitIds = new long[4];
    private boolean[] waiting = new boolean[4];
    private int depth;

    SyncRegionStack(long threadId) {
        this.threadId = threadId;
    }

    int depth() {
        return depth;
    }

    void open(OmptSyncRegionKind kind, long codeptr) {
        if (depth == kinds.length) {
            int n = depth * 2;
            kinds = Arrays.copyOf(kinds, n);
            codeptrs = Arrays.copyOf(codeptrs, n);
            waitIds = Arrays.copyOf(waitIds, n);
            waiting = Arrays.copyOf(waiting, n);
        }
        kinds[depth] = kind.ordinal();
        codeptrs[depth] = codeptr;
        waiting[depth] = false;
        depth++;
    }

    /** Close the innermost region. */
    void close() {
        if (depth == 0) {
            throw new IllegalStateException("no sync region to end on thread " + threadId);
        }
        depth--;
    }

    /** The kind of the innermost region above {@code base}, or {@code null}. */
    OmptSyncRegionKind innermost(int base) {
        return depth > base ? KINDS[kinds[depth - 1]] : null;
    }

    long codeptr() {
        return codeptrs[depth - 1];
    }

    long waitId() {
        return waitIds[depth - 1];
    }

    /** Whether the thread waits in the innermost region above {@code base}. */
    boolean waiting(int base) {
        return depth > base && waiting[depth - 1];
    }

    void setWaiting(boolean waits, long waitObjectId) {
        waiting[depth - 1] = waits;
        waitIds[depth - 1] = waitObjectId;
    }
}
