package io.github.ompt4j.agent;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.Hook;
import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.adapters.weave.Value;
import io.github.ompt4j.adapters.weave.Weaver;
import io.github.ompt4j.adapters.weave.WovenClassCache;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.util.List;

/**
 * Installs the chosen adapters: one {@link Weaver}, registered able to retransform, then the classes
 * that were loaded before premain woven by retransformation. A self-test first weaves a canary class
 * and runs it; if that fails, nothing is installed and the application runs with one warning.
 */
final class Installer {
    private static final String CANARY = "io.github.ompt4j.agent.SelfTestCanary";

    private Installer() {
    }

    static void install(List<Adapter> adapters, Instrumentation inst, WovenClassCache cache) {
        long began = System.nanoTime();
        if (!selfTest(cache)) {
            AgentLog.warn("self-test failed: the weaver could not weave its canary class, so the application runs"
                    + " without instrumentation (JVM " + Runtime.version() + ")");
            return;
        }
        for (Adapter adapter : adapters) {
            for (Class<?> hooks : adapter.hooks()) {
                initialize(hooks);
            }
        }
        Weaver weaver = new Weaver(adapters, cache, AgentLog.Level.DEBUG);
        inst.addTransformer(weaver, true);
        weaver.retransformLoaded(inst);
        AgentLog.info("adapters " + names(adapters) + " installed in " + (System.nanoTime() - began) / 1_000_000
                + " ms");
    }

    private static void initialize(Class<?> hooks) {
        try {
            Class.forName(hooks.getName(), true, hooks.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("hook class " + hooks.getName() + " vanished", e);
        }
    }

    /** Weaves the canary, defines the woven copy in a throwaway loader and runs it. */
    static boolean selfTest(WovenClassCache cache) {
        TypeWeaving canary = new TypeWeaving() {
            @Override
            public String typeName() {
                return CANARY;
            }

            @Override
            public List<MethodWeaving> methods() {
                return List.of(MethodWeaving.method("woven").exit(Hook.call(SelfTestCanary.class, "affirm",
                        Value.returned()).replaceReturn()));
            }
        };
        Weaver weaver = new Weaver(List.of(new SelfTestAdapter(canary)), cache, AgentLog.Level.OFF);
        ClassLoader loader = Installer.class.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(CANARY.replace('.', '/') + ".class")) {
            byte[] woven = weaver.transform(loader.getUnnamedModule(), loader, CANARY.replace('.', '/'), null, null, in.readAllBytes());
            if (woven == null) {
                return false;
            }
            Class<?> c = new CanaryLoader(loader).define(woven);
            return (Boolean) c.getMethod("woven").invoke(null);
        } catch (Exception | LinkageError e) {
            AgentLog.debug("self-test: " + e);
            return false;
        }
    }

    private static String names(List<Adapter> adapters) {
        StringBuilder s = new StringBuilder();
        for (Adapter a : adapters) {
            s.append(s.length() == 0 ? "" : "+").append(a.name());
        }
        return s.toString();
    }

    /**
     * The self-test's adapter, so that a failure to weave the canary disables nothing real. A class, not a
     * record: the weaver hashes adapters, and a record's first {@code hashCode} links its method handles, about
     * 20 ms of premain.
     */
    private static final class SelfTestAdapter implements Adapter {
        private final TypeWeaving canary;

        SelfTestAdapter(TypeWeaving canary) {
            this.canary = canary;
        }

        @Override
        public String name() {
            return "self-test";
        }

        @Override
        public List<TypeWeaving> types() {
            return List.of(canary);
        }

        @Override
        public List<Class<?>> hooks() {
            return List.of();
        }
    }

    private static final class CanaryLoader extends ClassLoader {
        CanaryLoader(ClassLoader parent) {
            super(parent);
        }

        Class<?> define(byte[] classFile) {
            return defineClass(CANARY, classFile, 0, classFile.length);
        }
    }
}
