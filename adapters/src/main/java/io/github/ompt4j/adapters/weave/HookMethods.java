package io.github.ompt4j.adapters.weave;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Type;

/**
 * The descriptors of hook methods, found by reflection. Resolving a method loads every type its
 * signature names, and hooks are resolved while a class is being woven: a hook that took a
 * {@code ForkJoinTask} would load that class while it is being defined (a
 * {@code ClassCircularityError}), or before the weaver could add its field. So hooks take and return
 * primitives, {@code Object}, {@code Object[]} and {@code Throwable} only, and cast inside.
 */
final class HookMethods {
    private HookMethods() {
    }

    static String descriptor(Class<?> hooks, String name) {
        List<Method> found = new ArrayList<>();
        for (Method m : hooks.getMethods()) {
            if (m.getName().equals(name) && Modifier.isStatic(m.getModifiers())) {
                found.add(m);
            }
        }
        if (found.size() != 1) {
            throw new IllegalArgumentException(hooks.getName() + " has " + found.size()
                    + " public static methods named " + name + "; a hook needs exactly one");
        }
        Method m = found.get(0);
        for (Class<?> p : m.getParameterTypes()) {
            requireNeutral(m, p);
        }
        requireNeutral(m, m.getReturnType());
        return Type.getMethodDescriptor(m);
    }

    private static void requireNeutral(Method m, Class<?> type) {
        if (!type.isPrimitive() && type != Object.class && type != Object[].class && type != Throwable.class) {
            throw new IllegalArgumentException("hook " + m + " names " + type.getName() + "; hooks take primitives,"
                    + " Object, Object[] and Throwable only, so that resolving one never loads a woven class");
        }
    }
}
