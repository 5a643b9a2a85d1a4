package io.github.ompt4j.agent.stress;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Threads for the parties of a barrier and for the virtual-thread batches: virtual where the JVM has them
 * (JDK 21+), reached by reflection because this code compiles for Java 17; platform threads otherwise.
 */
final class Threads {
    /** {@code Thread.ofVirtual()}, or null on a JDK without virtual threads. */
    private static final Method OF_VIRTUAL = method(Thread.class, "ofVirtual");
    /** {@code Thread.Builder.start(Runnable)}, public on the interface (the builders' classes are not). */
    private static final Method START = OF_VIRTUAL == null ? null : method(builder(), "start", Runnable.class);

    private Threads() {
    }

    static boolean haveVirtual() {
        return OF_VIRTUAL != null;
    }

    /** Starts {@code body} on a new virtual thread, or on a new platform thread where there are none. */
    static Thread start(String name, Runnable body) {
        if (OF_VIRTUAL == null) {
            Thread t = new Thread(body, name);
            t.start();
            return t;
        }
        try {
            return (Thread) START.invoke(OF_VIRTUAL.invoke(null), body);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("Thread.ofVirtual().start failed", e);
        }
    }

    /** {@code Executors.newVirtualThreadPerTaskExecutor()}; only where {@link #haveVirtual()}. */
    static ExecutorService virtualExecutor() {
        try {
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no virtual threads on JDK " + Runtime.version(), e);
        }
    }

    private static Class<?> builder() {
        try {
            return Class.forName("java.lang.Thread$Builder");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Method method(Class<?> type, String name, Class<?>... parameters) {
        try {
            return type.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
