package io.github.ompt4j.profile.fold;

import java.util.Arrays;

/** A growable {@code int} array, reused across stacks. */
final class IntList {
    private int[] values = new int[64];
    private int size;

    void add(int v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
    }

    void addAll(int[] vs) {
        for (int v : vs) {
            add(v);
        }
    }

    void insert(int at, int v) {
        add(v);
        System.arraycopy(values, at, values, at + 1, size - 1 - at);
        values[at] = v;
    }

    int size() {
        return size;
    }

    int get(int i) {
        return values[i];
    }

    void clear() {
        size = 0;
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
