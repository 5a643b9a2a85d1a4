package io.github.ompt4j.agent;

import io.github.ompt4j.adapters.Adapter;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.function.Supplier;

/**
 * The transformer the agent registers at start-up: it claims the classes its adapters weave, by name,
 * and builds Byte Buddy's transformer only when the first of them loads. Byte Buddy's agent builder loads
 * about a thousand classes; a program that never touches a woven framework never pays for them, which
 * keeps the agent's start-up cost to reading its options and registering tools.
 */
final class LazyTransformer implements ClassFileTransformer {
    private final List<Adapter> adapters;
    private final Supplier<ClassFileTransformer> factory;
    private volatile ClassFileTransformer delegate;
    private volatile boolean broken;

    LazyTransformer(List<Adapter> adapters, Supplier<ClassFileTransformer> factory) {
        this.adapters = adapters;
        this.factory = factory;
    }

    @Override
    public byte[] transform(ClassLoader loader, String internalName, Class<?> redefined, ProtectionDomain domain,
            byte[] classFile) {
        if (internalName == null || broken || !claimed(internalName.replace('/', '.'))) {
            return null;
        }
        try {
            return delegate().transform(loader, internalName, redefined, domain, classFile);
        } catch (Throwable e) {
            broken = true;
            AgentLog.warn("weaving stopped at " + internalName + ": " + e + "; the application goes on without it");
            return null;
        }
    }

    private boolean claimed(String typeName) {
        for (Adapter adapter : adapters) {
            if (adapter.weaves(typeName)) {
                return true;
            }
        }
        return false;
    }

    private ClassFileTransformer delegate() {
        ClassFileTransformer d = delegate;
        if (d == null) {
            synchronized (this) {
                d = delegate;
                if (d == null) {
                    d = factory.get();
                    delegate = d;
                }
            }
        }
        return d;
    }
}
