package io.github.ompt4j.model;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Whether a thread is a virtual thread: {@code Thread.isVirtual}, which JDK 21 added; none before. */
public final class VirtualThreads {
    private static final MethodHandle IS_VIRTUAL = isVirtual();

    private VirtualThreads() {
    }

    private static MethodHandle isVirtual() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null; // JDK 17: no virtual threads
        }
    }

    public static boolean is(Thread thread) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(thread);
        } catch (Throwable e) {
            throw new IllegalStateException(e); // Thread.isVirtual throws nothing
        }
    }
}
