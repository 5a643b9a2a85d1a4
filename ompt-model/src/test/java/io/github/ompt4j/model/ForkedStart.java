package io.github.ompt4j.model;

/** The main of forked test JVMs: start the runtime from the environment as the agent will, then one thread. */
public final class ForkedStart {
    private ForkedStart() {
    }

    public static void main(String[] args) {
        boolean enabled = Ompt.startFromEnvironment(args.length > 0 ? args[0] : "", ForkedStart.class.getClassLoader());
        System.out.println("tools " + (enabled ? "enabled" : "disabled"));
        OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
        OmptRuntime.threadEnd(t);
    }
}
