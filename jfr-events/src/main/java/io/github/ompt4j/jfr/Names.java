package io.github.ompt4j.jfr;

import io.github.ompt4j.model.OmptAtomicType;
import io.github.ompt4j.model.OmptControlCommand;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTaskFlag;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptWorkType;
import java.util.Locale;

/**
 * The text the events carry for the model's enums: each constant's OMPT name without its common prefix
 * ({@code ompt_sync_region_barrier_implicit_parallel} becomes {@code barrier_implicit_parallel}): the constant's
 * name in lower case, since the model spells every OMPT name as its prefix followed by that ({@code NamesTest}
 * holds the two spellings together, so the enums stay the one source of truth). The constants' names, not a
 * method reference to each enum's {@code ompName}: this class initializes as the tool starts, where a method
 * reference's first use links method handles, a millisecond apiece. The same {@code String} instance is passed on every event, so nothing is built
 * per event and JFR's string pool writes each once per chunk.
 */
final class Names {
    private static final String[] SYNC_KINDS = names(OmptSyncRegionKind.values());
    private static final String[] WORK_TYPES = names(OmptWorkType.values());
    private static final String[] MUTEX_KINDS = names(OmptMutexKind.values());
    private static final String[] STATES = names(OmptState.values());
    private static final String[] THREAD_TYPES = names(OmptThreadType.values());
    private static final String[] INVOKERS = names(OmptInvoker.values());
    private static final String[] LOCK_IMPLS = names(OmptLockImpl.values());
    private static final String[] ATOMIC_TYPES = names(OmptAtomicType.values());
    private static final String[] CONTROL_COMMANDS = names(OmptControlCommand.values());
    /** The task flags are five bits from bit 27 up: every combination, spelled once. */
    private static final int FLAG_SHIFT = Integer.numberOfTrailingZeros(OmptTaskFlag.UNDEFERRED);
    private static final String[] TASK_FLAGS = new String[32];

    static {
        for (int bits = 0; bits < TASK_FLAGS.length; bits++) {
            TASK_FLAGS[bits] = OmptTaskFlag.describe(bits << FLAG_SHIFT);
        }
    }

    private Names() {
    }

    private static String[] names(Enum<?>[] constants) {
        String[] names = new String[constants.length];
        for (Enum<?> c : constants) {
            names[c.ordinal()] = c.name().toLowerCase(Locale.ROOT);
        }
        return names;
    }

    static String syncKind(OmptSyncRegionKind kind) {
        return SYNC_KINDS[kind.ordinal()];
    }

    static String workType(OmptWorkType type) {
        return WORK_TYPES[type.ordinal()];
    }

    static String mutexKind(OmptMutexKind kind) {
        return MUTEX_KINDS[kind.ordinal()];
    }

    static String state(OmptState state) {
        return STATES[state.ordinal()];
    }

    static String threadType(OmptThreadType type) {
        return THREAD_TYPES[type.ordinal()];
    }

    static String invoker(OmptInvoker invoker) {
        return INVOKERS[invoker.ordinal()];
    }

    /** The implementation a {@code wait_*} or {@code init_*} event names: an atomic type for atomics, else a lock's. */
    static String implementation(OmptMutexKind kind, int code) {
        if (kind == OmptMutexKind.ATOMIC) {
            OmptAtomicType type = OmptAtomicType.ofCode(code);
            return type == null ? null : ATOMIC_TYPES[type.ordinal()];
        }
        OmptLockImpl impl = OmptLockImpl.ofCode(code);
        return impl == null ? null : LOCK_IMPLS[impl.ordinal()];
    }

    static String taskFlags(int flags) {
        return TASK_FLAGS[(flags >>> FLAG_SHIFT) & (TASK_FLAGS.length - 1)];
    }

    /** {@code start}, {@code pause}, {@code flush}, {@code stop}, or {@code tool_specific}. */
    static String controlCommand(long command) {
        OmptControlCommand c = OmptControlCommand.ofCode(command);
        return c == null ? "tool_specific" : CONTROL_COMMANDS[c.ordinal()];
    }
}
