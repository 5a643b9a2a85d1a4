package io.github.ompt4j.adapters.weave;

import io.github.ompt4j.adapters.Adapter;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.zip.CRC32;

/**
 * The agent's class-file transformer: a class whose name an enabled adapter weaves is woven, every
 * other class costs one hash lookup, and for the program's own classes, a search of its bytes for the
 * names of types whose calls adapters mark ({@link CallSiteMarking}). Adapters may weave one type each for
 * itself (the {@code forkjoin} adapter's regions and the {@code locks} adapter's own locks of
 * {@code ForkJoinPool}), one after the other. A weaving that fails is left out and disables its
 * adapter with one warning; the application never sees the failure. Before an adapter's first type is
 * woven, all its types that can be found are tried, so that it is disabled before it reports anything. Classes loaded before the agent
 * started (much of {@code java.util.concurrent} and {@code java.util.stream}) are woven by
 * {@link #retransformLoaded}.
 */
public final class Weaver implements ClassFileTransformer {
    private final Map<String, List<Target>> byInternalName = new HashMap<>();
    private final List<Marking> markings = new ArrayList<>();
    private final WovenClassCache cache;
    private final Consumer<String> log;
    /** The adapters whose types {@link #checkTypes} has checked. */
    private final Set<Adapter> checked = ConcurrentHashMap.newKeySet();

    private record Target(TypeWeaving weaving, Adapter adapter) {
    }

    /** The domain of the classes the agent's own jar defines; null if this class has none. */
    private static final ProtectionDomain AGENT_DOMAIN = Weaver.class.getProtectionDomain();

    private record Marking(CallSiteMarking marking, Adapter adapter) {
    }

    /** A weaver with no cache; {@code log} receives one debug line per woven class. */
    public Weaver(List<Adapter> adapters, Consumer<String> log) {
        this(adapters, WovenClassCache.NONE, log);
    }

    /** A weaver that keeps what it weaves in {@code cache} and takes from it what it wove before. */
    public Weaver(List<Adapter> adapters, WovenClassCache cache, Consumer<String> log) {
        this.cache = cache;
        this.log = log;
        for (Adapter adapter : adapters) {
            for (TypeWeaving t : adapter.types()) {
                String name = t.typeName().replace('.', '/');
                List<Target> targets = byInternalName.get(name);
                if (targets == null) { // not computeIfAbsent's lambda: premain makes the weaver
                    targets = new ArrayList<>();
                    byInternalName.put(name, targets);
                }
                targets.add(new Target(t, adapter));
            }
            for (CallSiteMarking m : adapter.callSites()) {
                markings.add(new Marking(m, adapter));
            }
        }
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String internalName, Class<?> redefined,
            ProtectionDomain domain, byte[] classFile) {
        List<Target> targets = internalName == null ? null : byInternalName.get(internalName);
        if (targets == null) {
            // Only the program's own classes: the JDK's calls are not the program's, a named module cannot
            // read the hooks' unnamed module on the bootstrap path, and the agent's classes (its jar's domain)
            // call no construct.
            boolean programClass = internalName != null && loader != null && !module.isNamed() && redefined == null
                    && domain != AGENT_DOMAIN;
            return programClass && !markings.isEmpty() ? markCallSites(internalName, classFile) : null;
        }
        for (Target target : targets) {
            if (target.adapter.health().enabled() && checked.add(target.adapter)) {
                checkTypes(target.adapter, loader, Set.of());
            }
        }
        String variant = variant(targets, redefined != null);
        byte[] kept = variant.isEmpty() ? null : cache.woven(internalName, classFile, variant);
        if (kept != null) {
            log.accept("wove " + targets.get(0).weaving.typeName() + " for " + variant + " (kept)");
            return kept;
        }
        byte[] woven = null;
        for (Target target : targets) {
            if (target.adapter.health().enabled()) {
                try {
                    woven = ClassWeaver.weave(woven == null ? classFile : woven, target.weaving, target.adapter.name(),
                            redefined != null);
                    log.accept("wove " + target.weaving.typeName() + " for " + target.adapter.name()
                            + (redefined != null ? " (retransformed)" : ""));
                } catch (Throwable e) {
                    disable(target.adapter, target.weaving, e);
                }
            }
        }
        if (woven != null && variant.equals(variant(targets, redefined != null))) {
            cache.keepWoven(internalName, classFile, variant, woven);
        }
        return woven;
    }

    /**
     * How a class is woven, for the cache: the enabled adapters that weave it, in order, and {@code -retransformed}
     * when it is loaded already (nothing may be added then); empty when no adapter weaves it.
     */
    private static String variant(List<Target> targets, boolean loaded) {
        StringBuilder s = new StringBuilder();
        for (Target t : targets) {
            if (t.adapter.health().enabled()) {
                s.append(s.length() == 0 ? "" : "+").append(t.adapter.name());
            }
        }
        return s.length() == 0 || !loaded ? s.toString() : s.append("-retransformed").toString();
    }

    /**
     * Checks ({@link ClassWeaver#check}) each type of {@code adapter} whose class file {@code loader} (or the system
     * class loader, for the bootstrap's) finds, before the adapter's first type is defined. No hook of the
     * adapter has run yet, so a type of another shape (a JDK or library build that renamed a woven method)
     * disables the adapter before it reports anything, instead of when that type loads, in the middle of a
     * construct whose begin the adapter reported and whose end it would then never report. A type whose class
     * file is not found is checked when it loads; the types in {@code loaded} are left out, as their
     * retransformation at start-up weaves them before the program runs.
     */
    private void checkTypes(Adapter adapter, ClassLoader loader, Set<String> loaded) {
        ClassLoader finder = loader == null ? ClassLoader.getSystemClassLoader() : loader;
        List<TypeWeaving> found = new ArrayList<>();
        List<byte[]> classFiles = new ArrayList<>();
        CRC32 checksum = new CRC32();
        for (TypeWeaving type : adapter.types()) {
            if (loaded.contains(type.typeName())) {
                continue;
            }
            try (InputStream in = finder.getResourceAsStream(type.typeName().replace('.', '/') + ".class")) {
                if (in != null) {
                    byte[] classFile = in.readAllBytes();
                    found.add(type);
                    classFiles.add(classFile);
                    checksum.update(type.typeName().getBytes(StandardCharsets.UTF_8));
                    checksum.update(classFile);
                }
            } catch (IOException e) {
                // checked when it loads
            }
        }
        if (cache.checked(adapter.name(), checksum.getValue())) {
            return;
        }
        for (int i = 0; i < found.size(); i++) {
            try {
                ClassWeaver.check(classFiles.get(i), found.get(i));
            } catch (Throwable e) {
                disable(adapter, found.get(i), e);
                return;
            }
        }
        cache.keepChecked(adapter.name(), checksum.getValue());
    }

    private static void disable(Adapter adapter, TypeWeaving type, Throwable failure) {
        adapter.health().disable("weaving " + type.typeName() + " failed: " + failure.getMessage());
    }

    /**
     * Marks the calls of {@code internalName} that enabled adapters mark. This only saves hooks a stack
     * walk, so a class that cannot be marked is left as it is, and said so at debug level.
     */
    private byte[] markCallSites(String internalName, byte[] classFile) {
        List<CallSiteMarking> enabled = new ArrayList<>(markings.size());
        for (Marking m : markings) {
            if (m.adapter.health().enabled()) {
                enabled.add(m.marking);
            }
        }
        try {
            return enabled.isEmpty() ? null : CallSiteMarker.mark(internalName, classFile, enabled);
        } catch (RuntimeException e) {
            log.accept("left the calls of " + internalName + " unmarked: " + e);
            return null;
        }
    }

    /** Whether {@code typeName} is a type some adapter weaves. */
    public boolean weaves(String typeName) {
        return byInternalName.containsKey(typeName.replace('.', '/'));
    }

    /**
     * Weaves the classes already loaded that an adapter weaves, after checking the other types of their adapters
     * ({@link #checkTypes}; an adapter with no type loaded yet is checked when its first one loads). One
     * retransformation for all of them: the JVM walks every loaded class on each call, a few milliseconds a class
     * at start-up. If the JVM refuses the batch (it takes all or none), one at a time, so that a class it refuses
     * disables only its own adapter. This transformer must be registered as able to retransform. Loops, not
     * lambdas: at premain a lambda's first use links method handles, milliseconds apiece.
     */
    public void retransformLoaded(Instrumentation inst) {
        List<Class<?>> loaded = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (weaves(c.getName()) && inst.isModifiableClass(c)) {
                loaded.add(c);
                names.add(c.getName());
            }
        }
        for (Class<?> c : loaded) {
            for (Target t : targetsOf(c)) {
                if (t.adapter.health().enabled() && checked.add(t.adapter)) {
                    checkTypes(t.adapter, null, names);
                }
            }
        }
        List<Class<?>> woven = new ArrayList<>();
        for (Class<?> c : loaded) {
            if (anyEnabled(c)) {
                woven.add(c);
            }
        }
        try {
            inst.retransformClasses(woven.toArray(new Class<?>[0]));
            return;
        } catch (Throwable e) {
            log.accept("the JVM refused to retransform " + woven.size() + " classes at once (" + e + "); one at a time");
        }
        for (Class<?> c : woven) {
            try {
                inst.retransformClasses(c);
            } catch (Throwable e) {
                for (Target t : targetsOf(c)) {
                    t.adapter.health().disable("the JVM refused the woven " + c.getName() + ": " + e);
                }
            }
        }
    }

    private List<Target> targetsOf(Class<?> c) {
        return byInternalName.get(c.getName().replace('.', '/'));
    }

    private boolean anyEnabled(Class<?> c) {
        for (Target t : targetsOf(c)) {
            if (t.adapter.health().enabled()) {
                return true;
            }
        }
        return false;
    }
}
