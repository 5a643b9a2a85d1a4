package io.github.ompt4j.adapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.adapters.barriers.BarriersAdapter;
import io.github.ompt4j.adapters.completable.CompletableAdapter;
import io.github.ompt4j.adapters.directives.DirectivesAdapter;
import io.github.ompt4j.adapters.exit.ExitAdapter;
import io.github.ompt4j.adapters.forkjoin.ForkJoinAdapter;
import io.github.ompt4j.adapters.locks.LocksAdapter;
import io.github.ompt4j.adapters.streams.StreamsAdapter;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.adapters.weave.Weaver;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every name each adapter's weavings read (methods, parameter counts, fields, field types, hooks) exists in
 * the library as built and in the JDK this test runs on (CI runs it on 17 and 25): each type is woven from
 * its class file, so a rename fails here rather than as a warning in a forked JVM.
 */
class AdaptersWeaveTest {
    static Stream<Adapter> adapters() {
        return Stream.of(new DirectivesAdapter(), new ForkJoinAdapter(), new StreamsAdapter(), new CompletableAdapter(), new LocksAdapter(),
                new BarriersAdapter(), new ExitAdapter());
    }

    @ParameterizedTest
    @MethodSource("adapters")
    void everyTypeOfTheAdapterWeavesCleanly(Adapter adapter) throws Exception {
        List<String> woven = new ArrayList<>();
        Weaver weaver = new Weaver(List.of(adapter), woven::add);
        int absent = 0;
        for (TypeWeaving t : adapter.types()) {
            String internalName = t.typeName().replace('.', '/');
            try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
                if (in == null && t.optional()) {
                    absent++;
                    continue;
                }
                assertNotNull(in, internalName);
                Class<?> type = Class.forName(t.typeName(), false, ClassLoader.getSystemClassLoader());
                byte[] out = weaver.transform(type.getModule(), type.getClassLoader(), internalName, null, null,
                        in.readAllBytes());
                assertNotNull(out, t.typeName() + " was not woven");
            }
            assertTrue(adapter.health().enabled(), "weaving " + t.typeName() + " disabled " + adapter.name());
        }
        assertEquals(adapter.types().size() - absent, woven.size(), woven.toString());
    }
}
