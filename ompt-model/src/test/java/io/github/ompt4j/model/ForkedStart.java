package io.github.ompt4j.model;

import java.util.List;

/**
 * The main of forked test JVMs: register tools from the environment as the agent does (an illegal value or a
 * tool that cannot be loaded ends the JVM with the exception's message), then one thread.
 */
public final class ForkedStart {
    private ForkedStart() {
    }

    public static void main(String[] args) {
        boolean enabled = Ompt.toolsEnabled(System.getenv("OMP_TOOL"));
        if (enabled) {
            List<String> names = args.length > 0 && !args[0].isEmpty() ? List.of(args[0].split(",")) : List.of();
            Ompt.start(Ompt.discover(names, ForkedStart.class.getClassLoader()));
        }
        System.out.println("tools " + (enabled ? "enabled" : "disabled"));
        OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
        OmptRuntime.threadEnd(t);
    }
}
