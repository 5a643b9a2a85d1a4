package io.github.ompt4j.model.collector;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Writes request buffers for tests, as a C collector would: entries at increasing offsets, with
 * {@code ec} and {@code rsz} preset to -1 so that an entry the runtime never reached is visible.
 */
final class Batch {
    static final int UNTOUCHED = -1;

    final ByteBuffer buffer;
    private int next;

    Batch(int capacity) {
        this(capacity, ByteOrder.nativeOrder());
    }

    Batch(int capacity, ByteOrder order) {
        buffer = ByteBuffer.allocate(capacity).order(order);
    }

    /** Continue at {@code offset} (to misalign on purpose). */
    Batch at(int offset) {
        next = offset;
        return this;
    }

    /** Append an entry of {@code sz} bytes for request code {@code request}; returns its offset. */
    int entry(int sz, int request) {
        int at = next;
        buffer.putInt(at, sz);
        buffer.putInt(at + 4, request);
        buffer.putInt(at + 8, UNTOUCHED);
        buffer.putInt(at + 12, UNTOUCHED);
        next += sz;
        return at;
    }

    int entry(CollectorRequest request, int memSize) {
        return entry(16 + memSize, request.code());
    }

    /** Append a REGISTER entry for {@code event} with callback handle {@code handle}. */
    int register(int event, long handle) {
        int at = entry(CollectorRequest.REGISTER, 16);
        buffer.putInt(at + 16, event);
        buffer.putLong(at + 24, handle);
        return at;
    }

    int unregister(int event) {
        int at = entry(CollectorRequest.UNREGISTER, 4);
        buffer.putInt(at + 16, event);
        return at;
    }

    /** Write the terminating {@code sz == 0}. */
    Batch end() {
        buffer.putInt(next, 0);
        next += 4;
        return this;
    }

    int send() {
        return CollectorApi.request(buffer);
    }

    CollectorErrorCode ec(int entry) {
        int ec = buffer.getInt(entry + 8);
        return ec == UNTOUCHED ? null : CollectorErrorCode.ofCode(ec);
    }

    int rsz(int entry) {
        return buffer.getInt(entry + 12);
    }

    int memInt(int entry, int offset) {
        return buffer.getInt(entry + 16 + offset);
    }

    long memLong(int entry, int offset) {
        return buffer.getLong(entry + 16 + offset);
    }
}
