package io.github.ompt4j.adapters.weave;

import org.objectweb.asm.Type;

/**
 * The hooks woven into the methods of a type that have one name (and, optionally, a number of
 * parameters): an enter hook, run before the body, and an exit hook, run before every return and, if
 * asked, on the way out of an exception (then it must not touch the returned value). A weaving is
 * required unless marked optional: a type that lacks a required method is not woven, and its adapter
 * is disabled with a warning that names the method and the JVM.
 */
public final class MethodWeaving {
    final String name;
    final int parameterCount;
    final Hook enter;
    final Hook exit;
    final boolean exitOnThrow;
    final boolean optional;

    private MethodWeaving(String name, int parameterCount, Hook enter, Hook exit, boolean exitOnThrow,
            boolean optional) {
        this.name = name;
        this.parameterCount = parameterCount;
        this.enter = enter;
        this.exit = exit;
        this.exitOnThrow = exitOnThrow;
        this.optional = optional;
        if (enter != null && (enter.takes(Value.Kind.RETURNED) || enter.takes(Value.Kind.THROWN)
                || enter.takes(Value.Kind.ENTERED) || enter.result == Hook.Result.RETURN)) {
            throw new IllegalArgumentException(this + ": an enter hook has no returned, thrown or entered value");
        }
        if (exit != null && exit.result == Hook.Result.ENTERED) {
            throw new IllegalArgumentException(this + ": only an enter hook's result can be kept");
        }
        if (exit != null && exit.takes(Value.Kind.ENTERED) && (enter == null || enter.result != Hook.Result.ENTERED)) {
            throw new IllegalArgumentException(this + ": the exit hook takes the enter hook's result, which is not kept");
        }
        if (exitOnThrow && exit != null && exit.result == Hook.Result.RETURN) {
            throw new IllegalArgumentException(this + ": an exit hook that runs on exceptions cannot replace the returned value");
        }
        if (isConstructor() && (enter != null || exitOnThrow)) {
            throw new IllegalArgumentException(this + ": a constructor takes only an exit hook on normal return");
        }
    }

    /** Every method named {@code name}. */
    public static MethodWeaving method(String name) {
        return new MethodWeaving(name, -1, null, null, false, false);
    }

    /** Every constructor. */
    public static MethodWeaving constructor() {
        return method("<init>");
    }

    /** Only those with {@code count} parameters. */
    public MethodWeaving withParameters(int count) {
        return new MethodWeaving(name, count, enter, exit, exitOnThrow, optional);
    }

    public MethodWeaving enter(Hook hook) {
        return new MethodWeaving(name, parameterCount, hook, exit, exitOnThrow, optional);
    }

    /** An exit hook on normal returns only. */
    public MethodWeaving exit(Hook hook) {
        return new MethodWeaving(name, parameterCount, enter, hook, false, optional);
    }

    /** An exit hook on normal returns and on exceptions (which it does not stop). */
    public MethodWeaving exitAlways(Hook hook) {
        return new MethodWeaving(name, parameterCount, enter, hook, true, optional);
    }

    /** The type may lack the method (it exists on some JDKs only). */
    public MethodWeaving optional() {
        return new MethodWeaving(name, parameterCount, enter, exit, exitOnThrow, true);
    }

    boolean isConstructor() {
        return name.equals("<init>");
    }

    boolean matches(String methodName, String descriptor) {
        return methodName.equals(name)
                && (parameterCount < 0 || Type.getArgumentTypes(descriptor).length == parameterCount);
    }

    @Override
    public String toString() {
        return name + (parameterCount < 0 ? "" : "/" + parameterCount);
    }
}
