package io.github.ompt4j.profile.jfr;

import java.util.function.LongConsumer;

/**
 * A map from {@code long} to {@code long} in flat arrays (open addressing, linear probing): a recording's
 * million task and region IDs cost about 30 bytes each, not the hundred of a {@code HashMap<Long, Long>} entry
 * with its node and two boxes. Not thread-safe.
 */
public final class LongLongMap {
    private static final int MIN_CAPACITY = 16;
    private long[] keys = new long[MIN_CAPACITY];
    private long[] values = new long[MIN_CAPACITY];
    private boolean[] used = new boolean[MIN_CAPACITY];
    private int size;

    /** Map {@code key} to {@code value}, replacing what it mapped to. */
    public void put(long key, long value) {
        if ((size + 1) * 3L > keys.length * 2L) {
            grow();
        }
        int i = slot(key);
        if (!used[i]) {
            used[i] = true;
            keys[i] = key;
            size++;
        }
        values[i] = value;
    }

    /** Map {@code key} to {@code value} unless it maps to something already. */
    public void putIfAbsent(long key, long value) {
        if (!containsKey(key)) {
            put(key, value);
        }
    }

    public boolean containsKey(long key) {
        return used[slot(key)];
    }

    /** What {@code key} maps to, {@code missing} if nothing. */
    public long get(long key, long missing) {
        int i = slot(key);
        return used[i] ? values[i] : missing;
    }

    public int size() {
        return size;
    }

    /** Every key, in no particular order. */
    public void forEachKey(LongConsumer action) {
        for (int i = 0; i < keys.length; i++) {
            if (used[i]) {
                action.accept(keys[i]);
            }
        }
    }

    /** The slot that holds {@code key}, or the free one where it would go. */
    private int slot(long key) {
        int mask = keys.length - 1;
        int i = hash(key) & mask;
        while (used[i] && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private static int hash(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldValues = values;
        boolean[] oldUsed = used;
        int n = keys.length * 2;
        keys = new long[n];
        values = new long[n];
        used = new boolean[n];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldUsed[i]) {
                int j = slot(oldKeys[i]);
                used[j] = true;
                keys[j] = oldKeys[i];
                values[j] = oldValues[i];
            }
        }
    }
}
