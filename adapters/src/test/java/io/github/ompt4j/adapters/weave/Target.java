package io.github.ompt4j.adapters.weave;

/** What {@link ClassWeaverTest} weaves: methods of the shapes woven code meets in the JDK and the library. */
public class Target {
    public Object slot;
    public int size = 7;
    public static long counter = 42;

    public Target() {
    }

    public int add(int a, long b, String label) {
        int sum = a + (int) b;
        return label.isEmpty() ? -sum : sum;
    }

    public static double scale(double x, long factor) {
        if (factor == 0) {
            throw new IllegalArgumentException("factor 0");
        }
        return x * factor;
    }

    /** Throws and catches inside: its own handler must come before the woven one. */
    public String recover(String s) {
        try {
            if (s == null) {
                throw new IllegalStateException("inner");
            }
            return s;
        } catch (IllegalStateException e) {
            return "recovered";
        }
    }

    public boolean flag() {
        return false;
    }

    public void loop(int n) {
        for (int i = 0; i < n; i++) {
            size++;
        }
    }
}
