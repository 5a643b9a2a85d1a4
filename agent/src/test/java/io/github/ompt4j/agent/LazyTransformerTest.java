package io.github.ompt4j.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.AdapterHealth;
import java.lang.instrument.ClassFileTransformer;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import net.bytebuddy.agent.builder.AgentBuilder;
import org.junit.jupiter.api.Test;

class LazyTransformerTest {
    private static final byte[] WOVEN = {1, 2, 3};

    /** Claims one type by name; weaves nothing itself (the factory stands for Byte Buddy). */
    private static final class OneType implements Adapter {
        @Override
        public String name() {
            return "one";
        }

        @Override
        public boolean weaves(String typeName) {
            return typeName.equals("com.example.Woven");
        }

        @Override
        public AgentBuilder install(AgentBuilder builder) {
            return builder;
        }

        @Override
        public AdapterHealth health() {
            return new AdapterHealth("one");
        }
    }

    @Test
    void unclaimedClassesNeverBuildTheDelegateAndClaimedOnesBuildItOnce() throws Exception {
        AtomicInteger built = new AtomicInteger();
        LazyTransformer lazy = new LazyTransformer(List.of(new OneType()), () -> {
            built.incrementAndGet();
            return new ClassFileTransformer() {
                @Override
                public byte[] transform(ClassLoader l, String n, Class<?> c, java.security.ProtectionDomain d, byte[] b) {
                    return WOVEN;
                }
            };
        });
        assertNull(lazy.transform(null, "com/example/Other", null, null, new byte[0]));
        assertNull(lazy.transform(null, null, null, null, new byte[0]), "hidden classes have no name");
        assertEquals(0, built.get(), "nothing claimed yet: Byte Buddy stays unloaded");
        assertArrayEquals(WOVEN, lazy.transform(null, "com/example/Woven", null, null, new byte[0]));
        assertArrayEquals(WOVEN, lazy.transform(null, "com/example/Woven", null, null, new byte[0]));
        assertEquals(1, built.get());
    }

    @Test
    void aDelegateThatThrowsStopsWeavingInsteadOfBreakingClassLoading() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        LazyTransformer lazy = new LazyTransformer(List.of(new OneType()), () -> new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader l, String n, Class<?> c, java.security.ProtectionDomain d, byte[] b) {
                calls.incrementAndGet();
                throw new IllegalStateException("weaver bug");
            }
        });
        assertNull(lazy.transform(null, "com/example/Woven", null, null, new byte[0]));
        assertNull(lazy.transform(null, "com/example/Woven", null, null, new byte[0]));
        assertEquals(1, calls.get(), "after the first failure the transformer stands aside");
    }
}
