package io.github.ompt4j.agent;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;

import io.github.ompt4j.adapters.Adapter;
import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;

/**
 * Installs the chosen adapters with one Byte Buddy agent builder: no class-format changes (so that
 * loaded JDK classes can be retransformed later), narrow name-based matchers, an error listener that
 * disables the adapter whose type failed, and a self-test that proves weaving works on this JVM.
 */
final class Installer {
    private Installer() {
    }

    static void install(List<Adapter> adapters, Instrumentation inst) {
        AtomicInteger transformed = new AtomicInteger();
        AgentBuilder builder = new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(new Listener(adapters, transformed))
                .ignore(nameStartsWith("io.github.ompt4j.shaded.").or(nameStartsWith("io.github.ompt4j.adapters.")))
                .type(named(SelfTestCanary.class.getName()))
                .transform((b, type, loader, module, domain) -> b.visit(
                        Advice.to(CanaryAdvice.class).on(named("woven"))));
        for (Adapter adapter : adapters) {
            builder = adapter.install(builder);
        }
        builder.installOn(inst);
        if (!SelfTestCanary.woven()) {
            AgentLog.warn("self-test failed: Byte Buddy did not weave the canary class, so the application runs"
                    + " without instrumentation (JVM " + Runtime.version() + ")");
        } else {
            AgentLog.info("self-test passed; adapters installed: " + names(adapters));
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
        private final AtomicInteger transformed;

        Listener(List<io.github.ompt4j.adapters.Adapter> adapters, AtomicInteger transformed) {
            this.adapters = adapters;
            this.transformed = transformed;
        }

        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                DynamicType dynamicType) {
            transformed.incrementAndGet();
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
