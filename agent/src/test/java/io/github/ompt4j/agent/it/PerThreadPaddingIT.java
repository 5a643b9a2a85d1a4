package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The objects a thread writes at every mutex construct are padded ({@code @Contended}, see {@code OmptThread}): HotSpot
 * honours the annotation only for classes of the boot loader, so this holds only while the agent puts the model
 * there. Padded, a class's fields start after {@value #PADDING} bytes of nothing; unpadded, right after the
 * object's header.
 */
class PerThreadPaddingIT {
    /** HotSpot's {@code ContendedPaddingWidth}. */
    static final int PADDING = 128;
    static final List<String> PADDED = List.of("MutexAcquisition", "HeldMutexes", "ConstructCallSites");

    /** Prints, for each model class named, its loader and the lowest offset of its instance fields. */
    public static final class FieldOffsets {
        public static void main(String[] args) throws Exception {
            Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
            Object unsafe = unsafeClass.getMethod("getUnsafe").invoke(null);
            Method offset = unsafeClass.getMethod("objectFieldOffset", Field.class);
            for (String name : args) {
                Class<?> type = Class.forName("io.github.ompt4j.model." + name);
                long lowest = Long.MAX_VALUE;
                for (Field f : type.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers())) {
                        lowest = Math.min(lowest, (long) offset.invoke(unsafe, f));
                    }
                }
                System.out.println(name + " loader=" + type.getClassLoader() + " first=" + lowest);
            }
        }
    }

    @Test
    void whatAThreadWritesAtEveryMutexConstructSitsAloneOnItsCacheLines() throws Exception {
        AgentRun run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(),
                List.of("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"), "", Map.of(), FieldOffsets.class,
                PADDED.toArray(String[]::new));
        assertEquals(0, run.exit, run.toString());
        for (String name : PADDED) {
            String line = run.out.stream().filter(l -> l.startsWith(name + " ")).findFirst().orElseThrow(
                    () -> new AssertionError("no line for " + name + ": " + run));
            assertTrue(line.contains(" loader=null "), "loaded by the boot loader: " + line);
            long first = Long.parseLong(line.substring(line.indexOf("first=") + "first=".length()));
            assertTrue(first >= PADDING, "fields after the padding: " + line);
        }
    }
}
