package io.github.ompt4j.profile.model;

import java.lang.reflect.Array;

/**
 * A table's columns as parallel primitive arrays, one per field, instead of an object per row: samples and
 * state intervals come by the million. The arrays grow together, doubling, as rows are added, and are cut to
 * the rows once the table is complete. Owners read and write the arrays themselves ({@link #longs},
 * {@link #ints}, {@link #bytes}), fetched again after {@link #add} or {@link #trim}, which may replace them.
 */
public final class Columns {
    private final Object[] arrays;
    private int capacity;
    private int size;

    /**
     * Columns of the given primitive types ({@code long.class}, {@code int.class}, {@code byte.class}), with
     * room for {@code capacity} rows.
     */
    public Columns(int capacity, Class<?>... types) {
        this.capacity = Math.max(1, capacity);
        this.arrays = new Object[types.length];
        for (int c = 0; c < types.length; c++) {
            arrays[c] = Array.newInstance(types[c], this.capacity);
        }
    }

    public int size() {
        return size;
    }

    /** Room for one more row; returns its index. */
    public int add() {
        if (size == capacity) {
            resize(size * 2);
        }
        return size++;
    }

    /** Cut every column to the rows: doubling leaves up to half of each empty. */
    public void trim() {
        if (capacity != size) {
            resize(size);
        }
    }

    private void resize(int length) {
        for (int c = 0; c < arrays.length; c++) {
            Object grown = Array.newInstance(arrays[c].getClass().getComponentType(), length);
            System.arraycopy(arrays[c], 0, grown, 0, Math.min(size, length));
            arrays[c] = grown;
        }
        capacity = length;
    }

    public long[] longs(int column) {
        return (long[]) arrays[column];
    }

    public int[] ints(int column) {
        return (int[]) arrays[column];
    }

    public byte[] bytes(int column) {
        return (byte[]) arrays[column];
    }
}
