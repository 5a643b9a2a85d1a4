package io.github.ompt4j.omp;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;

/**
 * The dependences among one task's children, keyed by object identity: for each object, the last child
 * that wrote it (out/inout) and the children that read it since. Only the thread executing the parent
 * task creates its children, so only that thread touches this map.
 *
 * <p>A completed child constrains no later sibling, so it leaves the map: as an object's last writer when
 * the next sibling names that object; as a reader when the object's readers have doubled since they were
 * last looked at; and with the whole entry when the map has doubled since it was last swept. Each costs
 * amortized constant work per registration, also when thousands of readers wait for one writer, and the
 * map holds the children still running plus at most as many completed ones, however long the parent
 * creates tasks without a {@code taskwait} or a barrier (both of which drop the whole map).
 */
final class Dependences {
    /** Below these sizes readers and entries are never looked at again: so few cost nothing to keep. */
    private static final int FIRST_PRUNE = 8;
    private static final int FIRST_SWEEP = 64;

    private static final class Entry {
        ExplicitTask lastWriter;
        final ArrayList<ExplicitTask> readers = new ArrayList<>();
        private int pruneAt = FIRST_PRUNE;

        /**
         * Drops a completed writer, and the completed readers if {@code all} or if their number has doubled
         * since they were last looked at; true if no task is left.
         */
        boolean prune(boolean all) {
            if (lastWriter != null && lastWriter.isComplete()) {
                lastWriter = null;
            }
            if (all || readers.size() >= pruneAt) {
                pruneReaders();
            }
            return lastWriter == null && readers.isEmpty();
        }

        private void pruneReaders() {
            int kept = 0;
            for (int i = 0; i < readers.size(); i++) {
                ExplicitTask reader = readers.get(i);
                if (!reader.isComplete()) {
                    readers.set(kept++, reader);
                }
            }
            for (int i = readers.size() - 1; i >= kept; i--) {
                readers.remove(i);
            }
            pruneAt = Math.max(FIRST_PRUNE, 2 * kept);
        }
    }

    private final IdentityHashMap<Object, Entry> entries = new IdentityHashMap<>();
    private int sweepAt = FIRST_SWEEP;

    void register(ExplicitTask task, Object[] in, Object[] out) {
        if (entries.size() >= sweepAt) {
            sweep();
        }
        for (Object o : in) {
            Entry e = entry(o);
            if (e.lastWriter != null) {
                e.lastWriter.addSuccessor(task);
            }
            e.readers.add(task);
        }
        for (Object o : out) {
            Entry e = entry(o);
            if (e.lastWriter != null) {
                e.lastWriter.addSuccessor(task);
            }
            for (int i = 0; i < e.readers.size(); i++) {
                e.readers.get(i).addSuccessor(task);
            }
            e.readers.clear();
            e.lastWriter = task;
        }
    }

    private Entry entry(Object o) {
        Entry e = entries.get(o);
        if (e == null) {
            e = new Entry();
            entries.put(o, e);
        } else {
            e.prune(false);
        }
        return e;
    }

    private void sweep() {
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext();) {
            if (it.next().prune(true)) {
                it.remove();
            }
        }
        sweepAt = Math.max(FIRST_SWEEP, 2 * entries.size());
    }
}
