package io.github.ompt4j.agent.it;

/** The smallest application: prints a line and, if asked, calls {@code Ompt.control} through reflection-free code. */
public final class HelloApp {
    private HelloApp() {
    }

    public static void main(String[] args) {
        System.out.println("hello from the application");
    }
}
