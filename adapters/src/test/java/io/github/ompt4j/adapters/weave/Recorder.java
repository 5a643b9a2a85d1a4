package io.github.ompt4j.adapters.weave;

import java.util.ArrayList;
import java.util.List;

/** Hooks for {@link ClassWeaverTest}: each records its call as a line. */
public final class Recorder {
    static final List<String> CALLS = new ArrayList<>();

    private Recorder() {
    }

    public static Object addBegin(Object self, int a, long b, Object label, int size, long counter) {
        CALLS.add("addBegin " + self.getClass().getSimpleName() + " " + a + " " + b + " " + label + " " + size + " " + counter);
        return "token";
    }

    public static void addEnd(int result, Object token) {
        CALLS.add("addEnd " + result + " " + token);
    }

    public static long scaleBegin(double x, long factor) {
        CALLS.add("scaleBegin " + x + " " + factor);
        return factor * 10;
    }

    public static void scaleEnd(Throwable thrown, long entered, long factor) {
        CALLS.add("scaleEnd " + (thrown == null ? "normal" : thrown.getMessage()) + " " + entered + " " + factor);
    }

    public static void scaleResult(double returned, Throwable thrown, long factor) {
        CALLS.add("scaleResult " + returned + " " + (thrown == null ? "normal" : thrown.getMessage()) + " " + factor);
    }

    public static void recoverEnd(Throwable thrown, Object s) {
        CALLS.add("recoverEnd " + (thrown == null ? "normal" : thrown.getMessage()) + " " + s);
    }

    public static boolean flip(boolean original) {
        CALLS.add("flip " + original);
        return !original;
    }

    public static Object created(int size) {
        CALLS.add("created " + size);
        return "made in the constructor";
    }

    public static int loopBegin() {
        CALLS.add("loopBegin");
        return 3;
    }

    public static void loopEnd(Throwable thrown, int entered, int size) {
        CALLS.add("loopEnd " + entered + " " + size);
    }

    /** Names a type other than Object: refused, since resolving it would load that type. */
    public static void typed(String label) {
        CALLS.add("typed " + label);
    }

    public static void takesLong(long wrong) {
        CALLS.add("takesLong " + wrong);
    }

    /** Fails as a broken hook would: with the exception the method's own handler in {@code Target.recover} catches. */
    private static IllegalStateException broken(String hook) {
        CALLS.add(hook);
        return new IllegalStateException(hook + " is broken");
    }

    public static Object failingBegin(Object self) {
        throw broken("failingBegin");
    }

    public static int failingLoopBegin() {
        throw broken("failingLoopBegin");
    }

    public static boolean failingFlip(boolean original) {
        throw broken("failingFlip");
    }

    public static Object failingCreated(int size) {
        throw broken("failingCreated");
    }

    public static void failingEnd(Throwable thrown, Object s) {
        throw broken("failingEnd " + (thrown == null ? "normal" : thrown.getMessage()));
    }

    public static void failingScaleEnd(double returned, Throwable thrown) {
        throw broken("failingScaleEnd " + returned + " " + (thrown == null ? "normal" : thrown.getMessage()));
    }
}
