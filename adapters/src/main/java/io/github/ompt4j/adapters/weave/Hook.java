package io.github.ompt4j.adapters.weave;

import java.util.List;
import org.objectweb.asm.Type;

/**
 * A call that woven code makes: a public static method of a hook class on the bootstrap class path,
 * with the {@link Value}s to pass, and what to do with its result. The method is found by name (hook
 * names are unique in their class) when the hook is declared, so a misspelt hook fails a unit test;
 * see {@link HookMethods} for why that reads the class file instead of using reflection.
 */
public final class Hook {
    /** What woven code does with the hook's result. */
    enum Result { DISCARD, ENTERED, FIELD, RETURN }

    final String owner;
    final String name;
    final String descriptor;
    final Type[] parameters;
    final Type returnType;
    final List<Value> values;
    final Result result;
    final String resultField;
    /** The descriptor of {@link #resultField} if the woven type inherits it, else null. */
    final String resultFieldDescriptor;

    private Hook(String owner, String name, String descriptor, List<Value> values, Result result, String resultField,
            String resultFieldDescriptor) {
        this.owner = owner;
        this.name = name;
        this.descriptor = descriptor;
        this.parameters = Type.getArgumentTypes(descriptor);
        this.returnType = Type.getReturnType(descriptor);
        this.values = List.copyOf(values);
        this.result = result;
        this.resultField = resultField;
        this.resultFieldDescriptor = resultFieldDescriptor;
        if (parameters.length != values.size()) {
            throw new IllegalArgumentException(this + ": the hook takes " + parameters.length + " arguments, "
                    + values.size() + " are given");
        }
        for (int i = 1; i < values.size(); i++) {
            Value.Kind kind = values.get(i).kind;
            if (kind == Value.Kind.RETURNED) {
                // It is duplicated from the top of the stack at the return.
                throw new IllegalArgumentException(this + ": " + values.get(i) + " can only be the first argument");
            }
        }
        if (result == Result.FIELD && (takes(Value.Kind.RETURNED) || takes(Value.Kind.THROWN))) {
            throw new IllegalArgumentException(this + ": a result stored in a field cannot take the returned or thrown value");
        }
        if (result != Result.DISCARD && returnType.getSort() == Type.VOID) {
            throw new IllegalArgumentException(this + " returns nothing to use");
        }
    }

    /** A call to {@code hooks.name(values...)}, its result discarded. */
    public static Hook call(Class<?> hooks, String name, Value... values) {
        return new Hook(Type.getInternalName(hooks), name, HookMethods.descriptor(hooks, name), List.of(values),
                Result.DISCARD, null, null);
    }

    /** The same call, its result kept for the exit hook ({@link Value#entered()}); for enter hooks. */
    public Hook keep() {
        return new Hook(owner, name, descriptor, values, Result.ENTERED, null, null);
    }

    /** The same call, its result stored into the field {@code field} of {@code this}. */
    public Hook storeIn(String field) {
        return new Hook(owner, name, descriptor, values, Result.FIELD, field, null);
    }

    /** The same call, its result stored into the field {@code field}, of type {@code descriptor}, that {@code this} inherits. */
    public Hook storeInInherited(String field, String fieldDescriptor) {
        return new Hook(owner, name, descriptor, values, Result.FIELD, field, fieldDescriptor);
    }

    /** The same call, its result returned instead of the method's own; for exit hooks that take {@link Value#returned()}. */
    public Hook replaceReturn() {
        return new Hook(owner, name, descriptor, values, Result.RETURN, null, null);
    }

    boolean takes(Value.Kind kind) {
        for (Value v : values) {
            if (v.kind == kind) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return owner.substring(owner.lastIndexOf('/') + 1) + "." + name + values;
    }
}
