package io.github.ompt4j.adapters.weave;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Calls of one library type's methods that the weaver marks wherever a program's class makes them: just
 * before the call, {@code hooks.enter(long token)} receives the call site's token (a constant of the woven
 * class: {@code CallSites.token} of the site's description, taken when the class is woven), and after the
 * call returns, {@code hooks.leave(marked)} runs with what {@code enter} returned. The library's hooks can then
 * name the call site without walking the stack.
 *
 * The marked methods are named ({@code <init>} for constructors); the hooks' class has
 * {@code public static Object enter(long)} and {@code public static void leave(Object)}.
 */
public final class CallSiteMarking {
    static final String ENTER = "enter";
    static final String LEAVE = "leave";

    private final String owner;
    private final byte[] ownerBytes;
    private final String ownerPackage;
    private final Set<String> methods;
    private final String hooks;

    /**
     * @throws WeavingException if {@code hooks} lacks either hook
     */
    public CallSiteMarking(String owner, Set<String> methods, Class<?> hooks) {
        requireHook(hooks, Object.class, ENTER, long.class);
        requireHook(hooks, void.class, LEAVE, Object.class);
        this.owner = owner.replace('.', '/');
        this.ownerBytes = this.owner.getBytes(StandardCharsets.US_ASCII);
        this.ownerPackage = packageOf(this.owner);
        this.methods = Set.copyOf(methods);
        this.hooks = hooks.getName().replace('.', '/');
    }

    private static void requireHook(Class<?> hooks, Class<?> returned, String name, Class<?>... parameters) {
        try {
            Method m = hooks.getMethod(name, parameters);
            if (!Modifier.isStatic(m.getModifiers()) || m.getReturnType() != returned) {
                throw new WeavingException(m + " must be static and return " + returned.getSimpleName());
            }
        } catch (NoSuchMethodException e) {
            throw new WeavingException(hooks.getName() + " has no public static " + name + " hook");
        }
    }

    /** The called type's internal name, as class files write it. */
    String owner() {
        return owner;
    }

    /** {@link #owner()} as a class file's constant pool writes it (the library's type names are ASCII). */
    byte[] ownerBytes() {
        return ownerBytes;
    }

    /** The internal name of the hooks' class. */
    String hooks() {
        return hooks;
    }

    /** Whether {@code packageName} (internal form) is the called type's own package. */
    boolean isInPackage(String packageName) {
        return ownerPackage.equals(packageName);
    }

    static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? "" : internalName.substring(0, slash);
    }

    boolean marks(String calledOwner, String name) {
        return calledOwner.equals(owner) && methods.contains(name);
    }
}
