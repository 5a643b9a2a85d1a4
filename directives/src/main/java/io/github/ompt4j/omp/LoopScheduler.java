package io.github.ompt4j.omp;

/**
 * Hands one member the chunks of a worksharing loop (or of sections), one {@link #nextChunk} at a
 * time, as ranges {@code [chunkStart, chunkEnd)} of normalized iteration numbers {@code 0..count-1}.
 * Static schedules are computed from the member's number alone; dynamic and guided ones take chunks from
 * the construct's {@link WorkShare}. A team of one runs every loop as a single chunk.
 *
 * <p>One per thread and loop nesting depth ({@link ThreadState#pushLoop}), reused: no allocation.
 */
final class LoopScheduler {
    /** What is being shared, as OMPT distinguishes it. */
    enum WorkKind {
        LOOP,
        SECTIONS
    }

    WorkKind work;
    Schedule.Kind kind;
    /** The schedule's chunk size; for {@code schedule(static)}, this member's block, its one chunk. */
    long chunk;
    long count;
    long chunkStart;
    long chunkEnd;
    boolean ordered;
    /** Ordered loops: the iteration being executed, and whether its ordered region has run. */
    long iteration;
    boolean orderedDone;
    WorkShare workShare;
    private static final int STATIC = 1;
    private static final int DYNAMIC = 2;
    private static final int GUIDED = 3;

    /** How {@link #nextChunk} hands out chunks: an int switch, cheaper per chunk than one on the enum. */
    private int mode;
    private int tid;
    private int nthreads;
    /** Static schedules: where this member's next chunk starts, and how far its chunks are apart. */
    private long nextStart;
    private long stride;

    /** Weave point: worksharing begin (loop with its resolved schedule and count, or sections). */
    void begin(ThreadState ts, WorkKind workKind, long iterations, Schedule schedule, boolean isOrdered) {
        Team team = ts.team;
        work = workKind;
        count = iterations;
        ordered = isOrdered;
        orderedDone = false;
        tid = ts.member.tid;
        nthreads = team.size;
        Schedule s = schedule.kind() == Schedule.Kind.RUNTIME ? Icvs.global().runSchedule() : schedule;
        kind = s.kind() == Schedule.Kind.AUTO || nthreads == 1 ? Schedule.Kind.STATIC : s.kind();
        chunk = nthreads == 1 ? 0 : s.chunk();
        boolean shared = kind == Schedule.Kind.DYNAMIC || kind == Schedule.Kind.GUIDED;
        if (shared && chunk == 0) {
            chunk = 1;
        }
        workShare = shared || (isOrdered && nthreads > 1) ? WorkShare.enter(ts) : null;
        if (kind == Schedule.Kind.STATIC) {
            mode = STATIC;
            if (chunk == 0) {
                // schedule(static): one block, as one chunk; member t gets q+1 iterations if t < r, else q,
                // where count = q*n + r. A member without iterations starts at count.
                long q = count / nthreads;
                long r = count % nthreads;
                nextStart = tid * q + Math.min(tid, r);
                chunk = q + (tid < r ? 1 : 0);
                stride = count;
            } else {
                nextStart = tid * chunk;
                stride = nthreads * chunk;
            }
        } else {
            mode = kind == Schedule.Kind.DYNAMIC ? DYNAMIC : GUIDED;
        }
    }

    /**
     * Whether this member's chunks are a static schedule's ({@code schedule(static)}'s one block, or
     * {@code schedule(static, c)}'s round robin), which a loop computes inline from {@link #firstChunkStart},
     * {@link #chunk} and {@link #stride}, telling {@link #dispatched} of each: a compiler's static loop, no
     * call per chunk.
     */
    boolean staticChunks() {
        return mode == STATIC;
    }

    long firstChunkStart() {
        return nextStart;
    }

    long stride() {
        return stride;
    }

    /** The end of the chunk that starts at {@code start}: {@code start + chunk}, or the loop's end. */
    long chunkEnd(long start) {
        return count - start <= chunk ? count : start + chunk;
    }

    /** Weave point: chunk dispatch of a chunk computed inline, {@code [start, end)}; does nothing itself. */
    void dispatched(long start, long end) {
    }

    /** Weave point: chunk dispatch. False when this member has no more iterations. */
    boolean nextChunk() {
        switch (mode) {
            case STATIC:
                return nextStatic();
            case DYNAMIC:
                return nextDynamic();
            default:
                return nextGuided();
        }
    }

    /** Static schedules: this member's next chunk; with a chunk size c, chunk k goes to member k mod n. */
    private boolean nextStatic() {
        long start = nextStart;
        if (start >= count || start < 0) {
            return false;
        }
        chunkStart = start;
        chunkEnd = chunkEnd(start);
        nextStart = start + stride;
        return true;
    }

    private boolean nextDynamic() {
        long start = workShare.claim(chunk);
        if (start >= count) {
            return false;
        }
        chunkStart = start;
        chunkEnd = Math.min(count, start + chunk);
        return true;
    }

    /** schedule(guided, c): each chunk is ceil(remaining / n) iterations, at least c. */
    private boolean nextGuided() {
        for (;;) {
            long start = workShare.next;
            long remaining = count - start;
            if (remaining <= 0) {
                return false;
            }
            long size = guidedSize(remaining, nthreads, chunk);
            if (workShare.claim(start, size)) {
                chunkStart = start;
                chunkEnd = start + size;
                return true;
            }
        }
    }

    static long guidedSize(long remaining, int nthreads, long minChunk) {
        return Math.min(remaining, Math.max(minChunk, (remaining + nthreads - 1) / nthreads));
    }

    /** Weave point: worksharing end. */
    void end() {
        if (workShare != null) {
            workShare.depart();
            workShare = null;
        }
    }
}
