package io.github.ompt4j.model.collector;

import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.nio.ByteBuffer;

/**
 * Reads and answers a request buffer of {@link CollectorApi#request}: checks each entry's framing and
 * its {@code mem}, then runs the request through the same code as the typed API. Absolute gets and
 * puts only, so the buffer's position and limit stay as the caller left them. Allocates nothing.
 */
final class CollectorBatch {
    private static final int HEADER = 16;
    private static final int REQUEST = 4;
    private static final int EC = 8;
    private static final int RSZ = 12;

    private CollectorBatch() {
    }

    static int process(ByteBuffer arg) {
        if (arg == null || arg.isReadOnly()) {
            return -1;
        }
        int limit = arg.limit();
        int at = arg.position();
        while (true) {
            if (at % Integer.BYTES != 0 || limit - at < Integer.BYTES) {
                return -1;
            }
            int sz = arg.getInt(at);
            if (sz == 0) {
                return 0;
            }
            if (sz % Integer.BYTES != 0 || sz < HEADER || sz > limit - at) {
                return -1;
            }
            answer(arg, at, sz - HEADER);
            at += sz;
        }
    }

    /** Check and run the entry at {@code at}, whose {@code mem} has {@code memSize} bytes. */
    private static void answer(ByteBuffer arg, int at, int memSize) {
        CollectorRequest request = CollectorRequest.ofCode(arg.getInt(at + REQUEST));
        int mem = at + HEADER;
        CollectorErrorCode ec;
        if (request == null) {
            ec = CollectorErrorCode.UNKNOWN;
        } else if (request.holdsLong() && mem % Long.BYTES != 0) {
            ec = CollectorErrorCode.ERROR;
        } else if (memSize < request.memBytes()) {
            arg.putInt(at + EC, CollectorErrorCode.MEM_TOO_SMALL.code());
            arg.putInt(at + RSZ, request.memBytes());
            return;
        } else {
            ec = run(request, arg, mem);
        }
        arg.putInt(at + EC, ec.code());
        arg.putInt(at + RSZ, ec == CollectorErrorCode.OK ? request.returnBytes() : 0);
    }

    private static CollectorErrorCode run(CollectorRequest request, ByteBuffer arg, int mem) {
        switch (request) {
            case START:
                return CollectorApi.start();
            case REGISTER:
                return CollectorApi.register(arg.getInt(mem), CollectorApi.callback(arg.getLong(mem + 8)));
            case UNREGISTER:
                return CollectorApi.unregister(arg.getInt(mem));
            case STATE:
                return state(arg, mem);
            case CURRENT_PRID:
                return currentPrid(arg, mem);
            case PARENT_PRID:
                return parentPrid(arg, mem);
            case STOP:
                return CollectorApi.stop();
            case PAUSE:
                return CollectorApi.pause();
            default:
                return CollectorApi.resume();
        }
    }

    private static CollectorErrorCode state(ByteBuffer arg, int mem) {
        if (!CollectorApi.isStarted()) {
            return CollectorErrorCode.SEQUENCE_ERR;
        }
        OmptThread thread = OmptThreads.current();
        CollectorState state = CollectorApi.stateOf(thread);
        arg.putInt(mem, state.code());
        arg.putInt(mem + 4, 0);
        arg.putLong(mem + 8, CollectorApi.waitIdOf(thread, state));
        return CollectorErrorCode.OK;
    }

    private static CollectorErrorCode currentPrid(ByteBuffer arg, int mem) {
        if (!CollectorApi.isStarted()) {
            return CollectorErrorCode.SEQUENCE_ERR;
        }
        arg.putLong(mem, CollectorApi.currentRegionId(OmptThreads.current()));
        return CollectorErrorCode.OK;
    }

    private static CollectorErrorCode parentPrid(ByteBuffer arg, int mem) {
        if (!CollectorApi.isStarted()) {
            return CollectorErrorCode.SEQUENCE_ERR;
        }
        long parent = CollectorApi.parentRegionId(OmptThreads.current());
        if (parent == CollectorApi.NOT_A_MASTER) {
            return CollectorErrorCode.THREAD_ERR;
        }
        arg.putLong(mem, parent);
        return CollectorErrorCode.OK;
    }
}
