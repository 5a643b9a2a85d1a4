package io.github.ompt4j.profile.model;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import java.util.function.IntFunction;

/**
 * An immutable list whose elements are made when asked for, from data kept in columns: a timeline of millions
 * of state intervals and regions costs its primitive arrays, not an object per element for as long as the
 * outputs run. Each {@link #get} makes a new, equal element, so the function must read data that no longer
 * changes. The model's constructors keep such a list as it is instead of copying it ({@link #copyOf}).
 */
public final class IndexedList<T> extends AbstractList<T> implements RandomAccess {
    private final int size;
    private final IntFunction<T> element;

    public IndexedList(int size, IntFunction<T> element) {
        this.size = size;
        this.element = element;
    }

    @Override
    public T get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return element.apply(index);
    }

    @Override
    public int size() {
        return size;
    }

    /** {@code list} itself if it is an indexed list, else an immutable copy, as {@link List#copyOf}. */
    static <T> List<T> copyOf(List<T> list) {
        return list instanceof IndexedList ? list : List.copyOf(list);
    }
}
