package io.github.ompt4j.agent;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.Adapter;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.util.List;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;

/**
 * Installs the chosen adapters: a {@link LazyTransformer} now, one Byte Buddy agent builder when the
 * first woven class loads. The builder makes no class-format changes, matches types by name only, has
 * an error listener that disables the adapter whose type failed, and is checked by a self-test that
 * weaves a canary class: Byte Buddy fails silently otherwise.
 */
final class Installer {
    private static final String CANARY = "io.github.ompt4j.agent.SelfTestCanary";

    private Installer() {
    }

    static void install(List<Adapter> adapters, Instrumentation inst) {
        inst.addTransformer(new LazyTransformer(adapters, () -> build(adapters)));
        AgentLog.info("adapters registered: " + names(adapters));
    }

    /** Builds Byte Buddy's transformer for {@code adapters}, then proves it can weave on this JVM. */
    private static ClassFileTransformer build(List<Adapter> adapters) {
        long began = System.nanoTime();
        AgentBuilder builder = new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(new Listener(adapters))
                .type(named(CANARY))
                .transform((b, type, loader, module, domain) -> b.visit(Advice.to(CanaryAdvice.class).on(named("woven"))));
        for (Adapter adapter : adapters) {
            builder = adapter.install(builder);
        }
        ClassFileTransformer transformer = builder.makeRaw();
        if (selfTest(transformer)) {
            AgentLog.info("Byte Buddy ready in " + (System.nanoTime() - began) / 1_000_000 + " ms; self-test passed");
        } else {
            AgentLog.warn("self-test failed: Byte Buddy did not weave the canary class, so the application runs"
                    + " without instrumentation (JVM " + Runtime.version() + ")");
        }
        return transformer;
    }

    /** Weaves the canary's class file without loading it: a woven copy means weaving works here. */
    private static boolean selfTest(ClassFileTransformer transformer) {
        ClassLoader loader = Installer.class.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(CANARY.replace('.', '/') + ".class")) {
            byte[] original = in.readAllBytes();
            byte[] woven = transformer.transform(loader, CANARY.replace('.', '/'), null,
                    Installer.class.getProtectionDomain(), original);
            return woven != null && woven.length > 0;
        } catch (IOException | RuntimeException | java.lang.instrument.IllegalClassFormatException e) {
            return false;
        }
    }

    private static String names(List<Adapter> adapters) {
        StringBuilder s = new StringBuilder();
        for (Adapter a : adapters) {
            s.append(s.length() == 0 ? "" : ", ").append(a.name());
        }
        return s.toString();
    }

    /** Makes {@link SelfTestCanary#woven()} return {@code true}. */
    static final class CanaryAdvice {
        private CanaryAdvice() {
        }

        @Advice.OnMethodExit
        static void exit(@Advice.Return(readOnly = false) boolean woven) {
            woven = true;
        }
    }

    /**
     * Logs what was woven and disables the adapter of any type that failed to weave. (Inside this class
     * {@code Adapter} would mean Byte Buddy's listener base, hence the qualified name of ours.)
     */
    private static final class Listener extends AgentBuilder.Listener.Adapter {
        private final List<io.github.ompt4j.adapters.Adapter> adapters;

        Listener(List<io.github.ompt4j.adapters.Adapter> adapters) {
            this.adapters = adapters;
        }

        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                DynamicType dynamicType) {
            AgentLog.debug("wove " + type.getName());
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            for (io.github.ompt4j.adapters.Adapter adapter : adapters) {
                if (adapter.weaves(typeName)) {
                    adapter.health().failed("weaving " + typeName, error);
                    return;
                }
            }
            AgentLog.warn("could not weave " + typeName + ": " + error);
        }
    }
}
