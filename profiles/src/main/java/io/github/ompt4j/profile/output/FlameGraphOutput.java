package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.FrameKind;
import io.github.ompt4j.profile.model.Profile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import one.convert.Arguments;
import one.convert.CallStack;
import one.convert.FlameGraph;

/**
 * A profile through async-profiler's converter ({@code one.convert.FlameGraph}): its flame-graph HTML, or its
 * collapsed stacks ({@code frame;frame;... count}, with the converter's type suffixes: {@code _[j]} for Java,
 * {@code _[k]} for artificial frames). The converter colours frames by type; Java frames are given the JIT
 * type (green), artificial {@code <OMP-...>} frames the kernel type (orange), thread roots the native type
 * (red) and native frames the C++ type (yellow). The weight is the stack's time in samples at the profile's
 * interval, which is its sample count unless the sampler fell behind (its samples then stand for more).
 */
public final class FlameGraphOutput {
    private FlameGraphOutput() {
    }

    /** Write the HTML flame graph. */
    public static void html(Profile profile, String title, boolean byThread, Path file) throws IOException {
        write(profile, title, byThread, false, file);
    }

    /** Write collapsed stacks. */
    public static void collapsed(Profile profile, boolean byThread, Path file) throws IOException {
        write(profile, "", byThread, true, file);
    }

    private static void write(Profile profile, String title, boolean byThread, boolean collapsed, Path file)
            throws IOException {
        Arguments args = new Arguments();
        // The converter writes the title into the page as it is.
        args.title = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
        args.output = collapsed ? "collapsed" : "html";
        FlameGraph graph = new FlameGraph(args);
        CallStack stack = new CallStack();
        for (FoldedStack s : profile.stacks()) {
            stack.clear();
            if (byThread) {
                push(stack, Frame.thread(s.thread()));
            }
            for (Frame f : s.frames()) {
                push(stack, f);
            }
            graph.addSample(stack, intervals(s, profile.intervalNanos()));
        }
        // The converter prints through a PrintStream, which keeps write errors to itself: render, then write.
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        try (PrintStream printed = new PrintStream(page, false, StandardCharsets.UTF_8)) {
            graph.dump(printed);
        }
        try (OutputStream out = OutputStreams.replacing(file)) {
            page.writeTo(out);
        }
    }

    /** The stack's time in intervals, rounded, and at least one: a stack that was sampled is in the graph. */
    static long intervals(FoldedStack s, long interval) {
        long nanos = s.workNanos() + s.waitNanos();
        return interval <= 0 ? s.samples() : Math.max(1, (nanos + interval / 2) / interval);
    }

    private static void push(CallStack stack, Frame f) {
        // The converter's collapsed output separates frames by ';' and lines by '\n'.
        stack.push(f.name().replace(';', ':').replace('\n', ' '), type(f.kind()));
    }

    static byte type(FrameKind kind) {
        switch (kind) {
            case ARTIFICIAL:
                return one.convert.Frame.TYPE_KERNEL;
            case THREAD:
                return one.convert.Frame.TYPE_NATIVE;
            case NATIVE:
                return one.convert.Frame.TYPE_CPP;
            default:
                return one.convert.Frame.TYPE_JIT_COMPILED;
        }
    }
}
