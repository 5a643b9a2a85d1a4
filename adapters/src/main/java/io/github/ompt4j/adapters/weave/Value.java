package io.github.ompt4j.adapters.weave;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.objectweb.asm.Opcodes;

/**
 * Where one argument of a {@link Hook} call comes from, in the woven method: {@code this}, an argument,
 * a field of the woven type (static or not), a field of an argument of the woven type, the value
 * returned, the exception thrown, the enter hook's result, or a constant; optionally followed by steps
 * that read a field of, or call a no-argument method on, the value so far (each step names its owner and
 * descriptor, so weaving never loads a class). Immutable.
 */
public final class Value {
    enum Kind { THIS, ARG, FIELD, ARG_FIELD, RETURNED, THROWN, ENTERED, INT }

    /** A step from one value to the next: a field read or a virtual call with no arguments. */
    record Step(int opcode, String owner, String name, String descriptor) {
    }

    final Kind kind;
    final int index;
    final String name;
    /** The descriptor of an inherited field, which the woven class file does not declare; else null. */
    final String descriptor;
    final List<Step> steps;

    private Value(Kind kind, int index, String name, String descriptor, List<Step> steps) {
        this.kind = kind;
        this.index = index;
        this.name = name;
        this.descriptor = descriptor;
        this.steps = List.copyOf(steps);
    }

    private static Value of(Kind kind, int index, String name) {
        return new Value(kind, index, name, null, List.of());
    }

    /** The woven method's {@code this}. */
    public static Value self() {
        return of(Kind.THIS, 0, null);
    }

    /** Argument {@code index} (0 is the first declared parameter). */
    public static Value arg(int index) {
        return of(Kind.ARG, index, null);
    }

    /** The field {@code name} of the woven type: of {@code this}, or the static field of that name. */
    public static Value field(String name) {
        return of(Kind.FIELD, 0, Objects.requireNonNull(name));
    }

    /** The instance field {@code name} of {@code this} that the woven type inherits, of type {@code descriptor}. */
    public static Value inheritedField(String name, String descriptor) {
        return new Value(Kind.FIELD, 0, Objects.requireNonNull(name), Objects.requireNonNull(descriptor), List.of());
    }

    /** The field {@code name} of argument {@code index}, whose declared type must be the woven type. */
    public static Value argField(int index, String name) {
        return of(Kind.ARG_FIELD, index, Objects.requireNonNull(name));
    }

    /**
     * The value the method returns, only as an exit hook's first argument; when the method throws (an
     * {@link MethodWeaving#exitAlways} hook), its return type's zero ({@code false}, 0, {@code null}).
     */
    public static Value returned() {
        return of(Kind.RETURNED, 0, null);
    }

    /** What the method throws ({@code null} on a normal exit); only in an exit hook. */
    public static Value thrown() {
        return of(Kind.THROWN, 0, null);
    }

    /** The result of the method's enter hook. */
    public static Value entered() {
        return of(Kind.ENTERED, 0, null);
    }

    /** An {@code int} constant. */
    public static Value constant(int value) {
        return of(Kind.INT, value, null);
    }

    /** Then the field {@code name} (of type {@code descriptor}) of the object so far, whose class is {@code owner}. */
    public Value get(String owner, String name, String descriptor) {
        return then(new Step(Opcodes.GETFIELD, owner, name, descriptor));
    }

    /** Then the result of the no-argument method {@code name} (returning {@code descriptor}) of {@code owner}. */
    public Value call(String owner, String name, String returnDescriptor) {
        return then(new Step(Opcodes.INVOKEVIRTUAL, owner, name, "()" + returnDescriptor));
    }

    private Value then(Step step) {
        List<Step> more = new ArrayList<>(steps);
        more.add(step);
        return new Value(kind, index, name, descriptor, more);
    }

    @Override
    public String toString() {
        String base = kind == Kind.FIELD ? name : kind == Kind.ARG_FIELD ? "arg" + index + "." + name
                : kind == Kind.ARG ? "arg" + index : kind == Kind.INT ? Integer.toString(index)
                : kind.name().toLowerCase(java.util.Locale.ROOT);
        StringBuilder s = new StringBuilder(base);
        for (Step step : steps) {
            s.append('.').append(step.name()).append(step.opcode() == Opcodes.INVOKEVIRTUAL ? "()" : "");
        }
        return s.toString();
    }
}
