package io.github.ompt4j.profile.jfr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;

/**
 * The distinct methods of a recording's stack traces, numbered densely. A Java frame is named
 * {@code package.Class.method} and keeps its class name for classification; a native, C++ or kernel frame
 * (async-profiler records them: type {@code Native}, {@code C++}, {@code Kernel}, with an empty descriptor
 * {@code ()L;}) is named by its symbol alone. The JFR parser hands out one {@code RecordedMethod} object per
 * method and chunk, so frames are looked up by identity first.
 */
public final class FrameTable {
    private final Map<RecordedMethod, Integer> byMethod = new IdentityHashMap<>();
    private final Map<String, Integer> byName = new HashMap<>();
    private final List<String> names = new ArrayList<>();
    private final List<String> classNames = new ArrayList<>();
    private final List<Boolean> natives = new ArrayList<>();

    int id(RecordedFrame frame) {
        RecordedMethod method = frame.getMethod();
        Integer id = byMethod.get(method);
        if (id == null) {
            boolean nativeFrame = isNative(frame.getType(), method.getDescriptor());
            String className = method.getType() == null ? "" : method.getType().getName();
            String name = nativeFrame || className.isEmpty() ? method.getName() : className + "." + method.getName();
            String key = (nativeFrame ? "N" : "J") + name;
            id = byName.get(key);
            if (id == null) {
                id = names.size();
                names.add(name);
                classNames.add(nativeFrame ? "" : className);
                natives.add(nativeFrame);
                byName.put(key, id);
            }
            byMethod.put(method, id);
        }
        return id;
    }

    static boolean isNative(String frameType, String descriptor) {
        return "C++".equals(frameType) || "Kernel".equals(frameType)
                || ("Native".equals(frameType) && (descriptor == null || descriptor.isEmpty() || descriptor.equals("()L;")));
    }

    public int size() {
        return names.size();
    }

    /** {@code package.Class.method}, or a native symbol. */
    public String name(int id) {
        return names.get(id);
    }

    /** The class of a Java frame; empty for native frames. */
    public String className(int id) {
        return classNames.get(id);
    }

    public boolean isNative(int id) {
        return natives.get(id);
    }
}
