package io.github.ompt4j.model.print;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Where the print tool's lines go: the process's standard output, each line one write to its file descriptor with
 * no lock of Java's around it; or a stream of the caller's. {@code System.out} holds its monitor around every
 * {@code println}, and since JDK 24 a virtual thread blocked on a monitor is unmounted, and is then handed the monitor
 * while it waits for a carrier: carriers that report {@code idle} ({@code carriers=on}) and print block on the same
 * monitor, and once every carrier does, that virtual thread never runs again (seen once in three runs of
 * {@code VirtualThreadsIT.carrierThreadsAreWorkersOnlyWhenAsked} on JDK 25: both carriers and 199 virtual threads in
 * {@code PrintStream.writeln}). A write of less than {@code PIPE_BUF} bytes (4 KB on Linux) to a pipe is atomic, and
 * {@code System.out} flushes each of the program's lines whole, so lines stay whole beside one another.
 */
abstract class StandardOutput {
    abstract void println(CharSequence line);

    abstract void flush();

    /** The process's standard output, in the encoding {@code System.out} uses. */
    static StandardOutput process() {
        FileOutputStream fd = new FileOutputStream(FileDescriptor.out);
        Charset charset = Charset.forName(System.getProperty("stdout.encoding",
                System.getProperty("sun.stdout.encoding", Charset.defaultCharset().name())));
        return new StandardOutput() {
            @Override
            void println(CharSequence line) {
                try {
                    fd.write((line + System.lineSeparator()).getBytes(charset));
                } catch (IOException e) {
                    // As System.out does: a closed or broken standard output loses the line, silently.
                }
            }

            @Override
            void flush() {
                // Each line is written as it comes.
            }
        };
    }

    /** {@code out}, one {@code println} a line (tests read a stream of their own). */
    static StandardOutput of(PrintStream out) {
        return new StandardOutput() {
            @Override
            void println(CharSequence line) {
                out.println(line);
            }

            @Override
            void flush() {
                out.flush();
            }
        };
    }
}
