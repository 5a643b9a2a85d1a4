package io.github.ompt4j.omp;

import java.util.ArrayList;
import java.util.IdentityHashMap;

/**
 * The dependences among one task's children, keyed by object identity: for each object, the last child
 * that wrote it (out/inout) and the children that read it since. Only the thread executing the parent
 * task creates its children, so only that thread touches this map.
 */
final class Dependences {
    private static final class Entry {
        ExplicitTask lastWriter;
        final ArrayList<ExplicitTask> readers = new ArrayList<>();
    }

    private final IdentityHashMap<Object, Entry> entries = new IdentityHashMap<>();

    void register(ExplicitTask task, Object[] in, Object[] out) {
        for (Object o : in) {
            Entry e = entries.computeIfAbsent(o, k -> new Entry());
            if (e.lastWriter != null) {
                e.lastWriter.addSuccessor(task);
            }
            e.readers.add(task);
        }
        for (Object o : out) {
            Entry e = entries.computeIfAbsent(o, k -> new Entry());
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
}
