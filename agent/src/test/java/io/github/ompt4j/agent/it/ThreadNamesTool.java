package io.github.ompt4j.agent.it;

import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptTool;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A tool that keeps the name of every thread that begins, as it is when it begins, and prints them at shutdown
 * ({@code thread_begin names [main, ...]}): which threads the runtime took for the program's.
 */
public final class ThreadNamesTool implements OmptTool {
    static final String LINE = "thread_begin names ";
    private final List<String> names = new CopyOnWriteArrayList<>();

    @Override
    public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
        OmptApi.SetCallback set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
        set.setCallback(OmptEvent.THREAD_BEGIN,
                (OmptCallback.ThreadType) (type, id) -> names.add(Thread.currentThread().getName()));
        set.setCallback(OmptEvent.RUNTIME_SHUTDOWN, (OmptCallback.Shutdown) () -> System.out.println(LINE + names));
    }
}
