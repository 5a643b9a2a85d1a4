package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.ParallelRegionEvent;

/**
 * The parallel regions that began and have not ended, by region ID, each with its begun
 * {@link ParallelRegionEvent}. A region may end on another thread than the one that began it (a
 * {@code ForkJoinPool} region ends where its root task completes), so this cannot be thread-local.
 *
 * <p>The table is split into stripes by a hash of the ID, each an open-addressing table of {@code long}
 * keys under its own lock: begin and end cost an uncontended lock and a probe, no boxing. Each stripe keeps
 * a few ended event objects for reuse, so a program that runs regions one after another allocates nothing
 * after the first. An entry leaves the table when its region ends, so the table holds no more than the
 * regions open at once; tables grow, never shrink.
 */
final class OpenRegions {
    private static final int STRIPE_BITS = 4;
    private static final int POOL = 16;
    private final Stripe[] stripes = new Stripe[1 << STRIPE_BITS];

    OpenRegions() {
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new Stripe();
        }
    }

    /** Fibonacci hashing: region IDs are sequential within a block, the product spreads them. */
    private static long mix(long id) {
        return id * 0x9E3779B97F4A7C15L;
    }

    private Stripe stripe(long id) {
        return stripes[(int) (mix(id) >>> (64 - STRIPE_BITS))];
    }

    /** The region begins now: begin an event with its fields and keep it under {@code id}. */
    void open(long id, long encounteringTaskId, long parentParallelId, int requestedTeamSize, String invoker,
            String callSite) {
        Stripe s = stripe(id);
        synchronized (s) {
            ParallelRegionEvent e = s.take();
            e.begin();
            e.parallelId = id;
            e.encounteringTaskId = encounteringTaskId;
            e.parentParallelId = parentParallelId;
            e.requestedTeamSize = requestedTeamSize;
            e.teamSize = 0;
            e.invoker = invoker;
            e.callSite = callSite;
            s.put(id, e);
        }
    }

    /** Record the team size of an open region; nothing if it is not open (begun while the event was off). */
    void teamSize(long id, int teamSize) {
        Stripe s = stripe(id);
        synchronized (s) {
            ParallelRegionEvent e = s.get(id);
            if (e != null) {
                e.teamSize = teamSize;
            }
        }
    }

    /** The region ended: its event, no longer in the table, or {@code null} if it was not open. */
    ParallelRegionEvent close(long id) {
        Stripe s = stripe(id);
        synchronized (s) {
            return s.remove(id);
        }
    }

    /** Give back an event {@link #close} returned, once it is committed. */
    void recycle(ParallelRegionEvent e) {
        Stripe s = stripe(e.parallelId);
        synchronized (s) {
            s.give(e);
        }
    }

    /** How many regions are open; for tests of the no-leak contract. */
    int size() {
        int n = 0;
        for (Stripe s : stripes) {
            synchronized (s) {
                n += s.size;
            }
        }
        return n;
    }

    /** Linear probing with backward-shift deletion; key 0 marks a free slot (region IDs are never 0). */
    private static final class Stripe {
        private long[] keys = new long[8];
        private ParallelRegionEvent[] values = new ParallelRegionEvent[8];
        private int size;
        private final ParallelRegionEvent[] pool = new ParallelRegionEvent[POOL];
        private int pooled;

        ParallelRegionEvent take() {
            if (pooled == 0) {
                return new ParallelRegionEvent();
            }
            ParallelRegionEvent e = pool[--pooled];
            pool[pooled] = null;
            return e;
        }

        void give(ParallelRegionEvent e) {
            if (pooled < pool.length) {
                pool[pooled++] = e;
            }
        }

        private int home(long id) {
            return (int) mix(id) & (keys.length - 1);
        }

        ParallelRegionEvent get(long id) {
            int mask = keys.length - 1;
            for (int i = home(id); keys[i] != 0; i = (i + 1) & mask) {
                if (keys[i] == id) {
                    return values[i];
                }
            }
            return null;
        }

        void put(long id, ParallelRegionEvent e) {
            if (2 * (size + 1) > keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            int i = home(id);
            while (keys[i] != 0 && keys[i] != id) {
                i = (i + 1) & mask;
            }
            if (keys[i] == 0) {
                size++;
            }
            keys[i] = id;
            values[i] = e;
        }

        ParallelRegionEvent remove(long id) {
            int mask = keys.length - 1;
            int i = home(id);
            while (keys[i] != id) {
                if (keys[i] == 0) {
                    return null;
                }
                i = (i + 1) & mask;
            }
            ParallelRegionEvent removed = values[i];
            size--;
            // Shift later entries of the probe run back into the hole, so lookups never stop early.
            int hole = i;
            for (int j = (i + 1) & mask; keys[j] != 0; j = (j + 1) & mask) {
                int h = home(keys[j]);
                boolean movable = hole <= j ? (h <= hole || h > j) : (h <= hole && h > j);
                if (movable) {
                    keys[hole] = keys[j];
                    values[hole] = values[j];
                    hole = j;
                }
            }
            keys[hole] = 0;
            values[hole] = null;
            return removed;
        }

        private void grow() {
            long[] oldKeys = keys;
            ParallelRegionEvent[] oldValues = values;
            keys = new long[oldKeys.length * 2];
            values = new ParallelRegionEvent[oldKeys.length * 2];
            size = 0;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != 0) {
                    put(oldKeys[i], oldValues[i]);
                }
            }
        }
    }
}
