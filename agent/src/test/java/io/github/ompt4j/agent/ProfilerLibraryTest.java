package io.github.ompt4j.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

/** Which of the agent jar's async-profiler libraries a JVM loads. */
class ProfilerLibraryTest {
    @Test
    void eachPlatformNamesTheLibraryAsyncProfilersJarNamesIt() {
        assertEquals("linux-x64/libasyncProfiler.so", ProfilerLibrary.resource("Linux", "amd64"));
        assertEquals("linux-x64/libasyncProfiler.so", ProfilerLibrary.resource("Linux", "x86_64"));
        assertEquals("linux-arm64/libasyncProfiler.so", ProfilerLibrary.resource("Linux", "aarch64"));
        assertEquals("macos/libasyncProfiler.so", ProfilerLibrary.resource("Mac OS X", "aarch64"));
        assertEquals("linux-riscv64/libasyncProfiler.so", ProfilerLibrary.resource("Linux", "riscv64"));
        assertEquals("windows-10-amd64/libasyncProfiler.so", ProfilerLibrary.resource("Windows 10", "amd64"));
    }

    @Test
    void thisJvmsLibraryIsOnTheClassPath() {
        String resource = ProfilerLibrary.resource(System.getProperty("os.name"), System.getProperty("os.arch"));
        assertNotNull(ProfilerLibrary.class.getClassLoader().getResource(resource), resource);
    }
}
