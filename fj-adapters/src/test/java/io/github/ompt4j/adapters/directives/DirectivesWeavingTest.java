package io.github.ompt4j.adapters.directives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.adapters.weave.Weaver;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every name the directive weavings read (methods, fields, field types, hooks) exists in the library
 * as built: each type is woven from its class file, and a rename fails here rather than in a forked JVM.
 */
class DirectivesWeavingTest {
    @Test
    void everyLibraryTypeWeavesCleanly() throws Exception {
        DirectivesAdapter adapter = new DirectivesAdapter();
        List<String> woven = new ArrayList<>();
        Weaver weaver = new Weaver(List.of(adapter), woven::add);
        for (TypeWeaving t : adapter.types()) {
            String path = t.typeName().replace('.', '/') + ".class";
            try (InputStream in = DirectivesWeavingTest.class.getClassLoader().getResourceAsStream(path)) {
                assertNotNull(in, path);
                byte[] out = weaver.transform(Object.class.getModule(), null, t.typeName().replace('.', '/'), null, null, in.readAllBytes());
                assertNotNull(out, t.typeName() + " was not woven");
            }
            assertTrue(adapter.health().enabled(), "weaving " + t.typeName() + " disabled the adapter");
        }
        assertEquals(adapter.types().size(), woven.size(), woven.toString());
    }
}
