package io.github.ompt4j.agent.it;

import io.github.ompt4j.model.collector.CollectorApi;
import io.github.ompt4j.model.collector.CollectorCallback;
import io.github.ompt4j.model.collector.CollectorEvent;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A collector written from the white paper alone: every request goes through {@code __omp_collector_api}'s
 * buffer ({@link CollectorApi#request}) in native byte order, with the numbers of
 * {@code omp_collector_api.h}, and one callback records, per Java thread, the header's name of each
 * event it is told about. A test program prints what it saw.
 */
final class PaperCollector implements CollectorCallback {
    static final int OMP_REQ_START = 0;
    static final int OMP_REQ_REGISTER = 1;
    static final int OMP_REQ_STATE = 3;
    static final int OMP_REQ_CURRENT_PRID = 4;
    static final int OMP_ERRCODE_OK = 0;
    /** {@code OMP_COLLECTORAPI_EVENT}'s names, indexed by code. */
    private static final String[] EVENTS = {null, "FORK", "JOIN", "THR_BEGIN_IDLE", "THR_END_IDLE", "THR_BEGIN_IBAR",
        "THR_END_IBAR", "THR_BEGIN_EBAR", "THR_END_EBAR", "THR_BEGIN_LKWT", "THR_END_LKWT", "THR_BEGIN_CTWT",
        "THR_END_CTWT", "THR_BEGIN_ODWT", "THR_END_ODWT", "THR_BEGIN_MASTER", "THR_END_MASTER", "THR_BEGIN_SINGLE",
        "THR_END_SINGLE", "THR_BEGIN_ORDERED", "THR_END_ORDERED", "THR_BEGIN_ATWT", "THR_END_ATWT"};

    private final List<String> seen = new ArrayList<>();

    /** One request whose {@code mem} has {@code memSize} bytes for the answer; returns the answered buffer. */
    private static ByteBuffer send(int request, int memSize) {
        ByteBuffer arg = ByteBuffer.allocate(16 + memSize + 4).order(ByteOrder.nativeOrder());
        arg.putInt(0, 16 + memSize).putInt(4, request).putInt(8, -1).putInt(12, -1).putInt(16 + memSize, 0);
        if (CollectorApi.request(arg) != 0) {
            throw new IllegalStateException("request " + request + " was not processed");
        }
        return arg;
    }

    /** {@code OMP_REQ_START}: the error code. */
    static int start() {
        return send(OMP_REQ_START, 0).getInt(8);
    }

    /** {@code OMP_REQ_REGISTER} of this collector's callback for each of {@code events}; the first answer not OK. */
    int register(int... events) {
        long handle = CollectorApi.handle(this);
        for (int event : events) {
            ByteBuffer arg = ByteBuffer.allocate(36).order(ByteOrder.nativeOrder());
            arg.putInt(0, 32).putInt(4, OMP_REQ_REGISTER).putInt(8, -1).putInt(12, -1);
            arg.putInt(16, event).putInt(20, 0).putLong(24, handle).putInt(32, 0);
            if (CollectorApi.request(arg) != 0 || arg.getInt(8) != OMP_ERRCODE_OK) {
                return arg.getInt(8);
            }
        }
        return OMP_ERRCODE_OK;
    }

    /** {@code OMP_REQ_STATE}: "ec=.. state=.." as the calling thread gets it. */
    static String state() {
        ByteBuffer arg = send(OMP_REQ_STATE, 16);
        return "ec=" + arg.getInt(8) + " state=" + arg.getInt(16);
    }

    /** {@code OMP_REQ_CURRENT_PRID}: the region ID, or -1 with an error code. */
    static long currentPrid() {
        ByteBuffer arg = send(OMP_REQ_CURRENT_PRID, 8);
        return arg.getInt(8) == OMP_ERRCODE_OK ? arg.getLong(16) : -1;
    }

    @Override
    public synchronized void event(CollectorEvent event) {
        seen.add(Thread.currentThread().getName() + " " + EVENTS[event.code()]);
    }

    /** The events the collector saw on {@code thread}, in order, as one line. */
    synchronized String on(Thread thread) {
        List<String> mine = new ArrayList<>();
        for (String s : seen) {
            if (s.startsWith(thread.getName() + " ")) {
                mine.add(s.substring(thread.getName().length() + 1));
            }
        }
        return String.join(" ", mine);
    }
}
