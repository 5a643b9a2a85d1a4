package io.github.ompt4j.hooks.forkjoin;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/**
 * A map from objects, by identity, to values, that keeps its keys weakly: what the added field of a type holds when
 * the type cannot gain the field (a {@code ForkJoinTask} after an attach, any {@code Runnable} an executor is given).
 * By identity, because a program's task may override {@code equals} and
 * {@code hashCode}; weakly, because a task forgotten by the program must not be kept by us. Striped: each stripe is
 * a small chained hash table under its own lock, so that workers rarely contend; a stripe drops the entries of
 * collected keys whenever it is written.
 */
public final class WeakIdentityTable<V> {
    private static final int STRIPES = 64;
    private final Stripe<V>[] stripes;

    @SuppressWarnings({"unchecked", "rawtypes"}) // an array of a generic type
    public WeakIdentityTable() {
        stripes = new Stripe[STRIPES];
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe<>();
        }
    }

    public V get(Object key) {
        int hash = System.identityHashCode(key);
        return stripe(hash).get(key, hash);
    }

    /** Maps {@code key} to {@code value}; a null value removes the key. */
    public void put(Object key, V value) {
        int hash = System.identityHashCode(key);
        stripe(hash).put(key, hash, value);
    }

    /** Maps {@code key} to {@code value} unless it maps to a value already: returns that value, or null. */
    public V putIfAbsent(Object key, V value) {
        int hash = System.identityHashCode(key);
        return stripe(hash).putIfAbsent(key, hash, value);
    }

    /**
     * Maps {@code key} to {@code value} (a null value removes it) if it maps to {@code expected} (the same object):
     * whether it did.
     */
    public boolean replace(Object key, V expected, V value) {
        int hash = System.identityHashCode(key);
        return stripe(hash).replace(key, hash, expected, value);
    }

    /** Removes {@code key} if it maps to {@code expected}. */
    public void removeIf(Object key, V expected) {
        int hash = System.identityHashCode(key);
        stripe(hash).removeIf(key, hash, expected);
    }

    private Stripe<V> stripe(int hash) {
        return stripes[(hash ^ (hash >>> 16)) & (STRIPES - 1)];
    }

    private static final class Entry<V> extends WeakReference<Object> {
        final int hash;
        V value;
        Entry<V> next;

        Entry(Object key, int hash, V value, Entry<V> next, ReferenceQueue<Object> queue) {
            super(key, queue);
            this.hash = hash;
            this.value = value;
            this.next = next;
        }
    }

    private static final class Stripe<V> {
        private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
        @SuppressWarnings({"unchecked", "rawtypes"})
        private Entry<V>[] buckets = new Entry[16];
        private int size;

        synchronized V get(Object key, int hash) {
            for (Entry<V> e = buckets[index(hash, buckets.length)]; e != null; e = e.next) {
                if (e.hash == hash && e.get() == key) {
                    return e.value;
                }
            }
            return null;
        }

        synchronized V putIfAbsent(Object key, int hash, V value) {
            V present = get(key, hash);
            if (present == null) {
                put(key, hash, value);
            }
            return present;
        }

        synchronized void put(Object key, int hash, V value) {
            expunge();
            int i = index(hash, buckets.length);
            for (Entry<V> e = buckets[i]; e != null; e = e.next) {
                if (e.hash == hash && e.get() == key) {
                    if (value == null) {
                        unlink(e, i);
                    } else {
                        e.value = value;
                    }
                    return;
                }
            }
            if (value != null) {
                buckets[i] = new Entry<>(key, hash, value, buckets[i], collected);
                if (++size > buckets.length * 3 / 4) {
                    grow();
                }
            }
        }

        synchronized boolean replace(Object key, int hash, V expected, V value) {
            if (get(key, hash) != expected) {
                return false;
            }
            put(key, hash, value);
            return true;
        }

        synchronized void removeIf(Object key, int hash, V expected) {
            int i = index(hash, buckets.length);
            for (Entry<V> e = buckets[i]; e != null; e = e.next) {
                if (e.hash == hash && e.get() == key) {
                    if (e.value == expected) {
                        unlink(e, i);
                    }
                    return;
                }
            }
        }

        private void unlink(Entry<V> entry, int i) {
            if (buckets[i] == entry) {
                buckets[i] = entry.next;
            } else {
                Entry<V> e = buckets[i];
                while (e.next != entry) {
                    e = e.next;
                }
                e.next = entry.next;
            }
            entry.value = null;
            size--;
        }

        /** Drops the entries whose keys were collected (each is still linked, under the index of its hash). */
        @SuppressWarnings("unchecked")
        private void expunge() {
            for (Object ref; (ref = collected.poll()) != null; ) {
                Entry<V> gone = (Entry<V>) ref;
                int i = index(gone.hash, buckets.length);
                for (Entry<V> e = buckets[i]; e != null; e = e.next) {
                    if (e == gone) {
                        unlink(e, i);
                        break;
                    }
                }
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private void grow() {
            Entry<V>[] old = buckets;
            buckets = new Entry[old.length * 2];
            for (Entry<V> head : old) {
                for (Entry<V> e = head; e != null; ) {
                    Entry<V> next = e.next;
                    int i = index(e.hash, buckets.length);
                    e.next = buckets[i];
                    buckets[i] = e;
                    e = next;
                }
            }
        }

        private static int index(int hash, int length) {
            return hash & (length - 1);
        }
    }
}
