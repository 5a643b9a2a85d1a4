package io.github.ompt4j.profile;

import io.github.ompt4j.profile.model.View;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The {@code report} command: fold a recording into OpenMP's user model and write what the options ask for.
 * The agent's {@code java -jar ompt-agent.jar report ...} calls {@link #run}, its exit-time outputs
 * {@link #write}.
 */
public final class ProfileCommand {
    /** Exit status: done. */
    public static final int OK = 0;
    /** Exit status: the recording could not be read or an output could not be written. */
    public static final int FAILED = 1;
    /** Exit status: bad arguments; the message and the usage went to the error stream. */
    public static final int USAGE = 2;

    /** Where a chunk's header holds its size (a big-endian long) and its file state (a byte, 0 once finished). */
    private static final int CHUNK_SIZE = 8;
    private static final int FILE_STATE = 64;
    private static final Pattern CHUNK = Pattern.compile("\\d{4}(_\\d{2}){5}(_\\d+)?\\.jfr");

    private ProfileCommand() {
    }

    /**
     * Run {@code report} with the arguments that follow it.
     *
     * @param args {@code <file.jfr> [--view user|expert|machine]}, a flag and a file for each {@link OutputFile}
     *             wanted, {@code [--threads] [--title T]}; or {@code --help}
     * @param out  where the text report goes when no output file is named
     * @param err  usage errors, failures, and progress for large recordings
     * @return {@link #OK}, {@link #FAILED} or {@link #USAGE}
     */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.contains("--help") || args.contains("-h")) {
            out.print(ReportOptions.USAGE);
            return OK;
        }
        ReportOptions options;
        try {
            options = ReportOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("ompt4j report: " + e.getMessage());
            err.print(ReportOptions.USAGE);
            return USAGE;
        }
        return report(options, out, err);
    }

    /**
     * Write {@code outputs} from {@code recording} folded in {@code view}, as {@link #run} would with their flags,
     * with the default title, not split by thread.
     *
     * @param err failures, and progress for large recordings
     * @return {@link #OK} or {@link #FAILED}
     */
    public static int write(Path recording, View view, Map<OutputFile, Path> outputs, PrintStream out,
            PrintStream err) {
        return report(ReportOptions.of(recording, view, outputs), out, err);
    }

    private static int report(ReportOptions options, PrintStream out, PrintStream err) {
        List<Path> chunks = chunksOf(options.recording);
        if (!chunks.isEmpty()) {
            return recover(options, chunks, out, err);
        }
        String notARecording = notAFile(options.recording);
        if (notARecording != null) {
            err.println("ompt4j report: " + options.recording + notARecording);
            return FAILED;
        }
        return fold(options, options.recording, out, err);
    }

    private static int fold(ReportOptions options, Path recording, PrintStream out, PrintStream err) {
        Progress progress = new Progress(err, options.recording);
        Analysis analysis;
        try {
            analysis = Analysis.of(recording, options.view, progress);
        } catch (IOException e) {
            err.println("ompt4j report: " + options.recording + " is not a readable JFR recording: " + IoFailure.reason(e));
            return FAILED;
        } catch (RuntimeException e) {
            // The JDK's parser meets a file that is not what its header promised.
            err.println("ompt4j report: " + options.recording + " is not a readable JFR recording: it is damaged ("
                    + (e.getMessage() == null ? "the parser gave no reason" : e.getMessage()) + ")");
            return FAILED;
        } catch (OutOfMemoryError e) {
            // What the fold held is garbage once it is thrown: the message, and the caller's own work, can go on.
            err.println("ompt4j report: " + options.recording + " is too large to fold in " + HeapLimit.describe()
                    + "; fold it with more: java -Xmx<size> -jar ompt-agent.jar report " + options.recording);
            return FAILED;
        }
        if (!analysis.run.hasOmptEvents() && options.view != View.MACHINE) {
            err.println("ompt4j report: " + options.recording + " holds no ompt.* events (it was recorded without the"
                    + " agent), so its profile is the machine view only, the stacks as sampled: --view machine");
            return FAILED;
        }
        boolean written = Outputs.write(analysis, options, out, err, progress);
        progress.done();
        return written ? OK : FAILED;
    }

    /**
     * The chunk files of a JFR repository ({@code -XX:FlightRecorderOptions:repository=}, by default a
     * {@code <time>_<pid>} folder in the temporary directory), named by the time JFR began each
     * ({@code 2026_11_26_18_18_49.jfr}, with {@code _1} ... for more in a second), in that order; empty if
     * {@code path} is no folder or holds no chunk (a folder of finished recordings is not a repository).
     */
    private static List<Path> chunksOf(Path path) {
        if (!Files.isDirectory(path)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(path)) {
            return files.filter(p -> CHUNK.matcher(p.getFileName().toString()).matches() && Files.isRegularFile(p))
                    .sorted().collect(Collectors.toList());
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * A JVM killed (SIGKILL, {@code Runtime.halt}, a crash) never wrote its recording, but its chunks stay in
     * JFR's disk repository, the last one flushed up to about a second before the end: chunks concatenated are a
     * recording, so they are read as one, from a private copy.
     */
    private static int recover(ReportOptions options, List<Path> chunks, PrintStream out, PrintStream err) {
        err.println("ompt4j report: " + options.recording + " is a JFR repository: reading its " + chunks.size()
                + (chunks.size() == 1 ? " chunk" : " chunks") + " as one recording. A JVM that was killed flushed its"
                + " events up to about a second before it stopped; async-profiler's samples, written when it"
                + " stops, are not in it (the profile is from JFR's own execution samples, if any).");
        Path copy = null;
        try {
            Path dir = Files.createTempDirectory("ompt4j-recovered");
            copy = dir.resolve(options.recording.toAbsolutePath().normalize().getFileName() + ".jfr");
            try (OutputStream to = Files.newOutputStream(copy)) {
                for (Path chunk : chunks) {
                    copyChunk(chunk, to);
                }
            }
            return fold(options, copy, out, err);
        } catch (IOException e) {
            err.println("ompt4j report: cannot read the repository " + options.recording + ": " + IoFailure.reason(e));
            return FAILED;
        } finally {
            if (copy != null) {
                try {
                    Files.deleteIfExists(copy);
                    Files.deleteIfExists(copy.getParent());
                } catch (IOException e) {
                    err.println("ompt4j report: could not delete the copy " + copy + ": " + IoFailure.reason(e));
                }
            }
        }
    }

    /**
     * A chunk as JFR's parser will read it. The chunk being written when the JVM stopped says so in its header's
     * file state (byte {@value #FILE_STATE}, not 0), and holds data up to the size its header gives as of the last
     * flush: that much is copied, marked finished. JDK 17's parser reads such a chunk as it is; JDK 25's refuses a
     * chunk whose writer it takes to be still running ("stuck in locked stream state").
     */
    private static void copyChunk(Path chunk, OutputStream to) throws IOException {
        byte[] bytes = Files.readAllBytes(chunk);
        if (bytes.length <= FILE_STATE || bytes[FILE_STATE] == 0) {
            to.write(bytes);
            return;
        }
        long size = ByteBuffer.wrap(bytes, CHUNK_SIZE, Long.BYTES).getLong();
        bytes[FILE_STATE] = 0;
        to.write(bytes, 0, size > FILE_STATE && size <= bytes.length ? (int) size : bytes.length);
    }

    /** What keeps {@code path} from being a recording to read, said after its name; null if it is a file. */
    private static String notAFile(Path path) {
        if (Files.isDirectory(path)) {
            try (Stream<Path> files = Files.list(path)) {
                List<String> recordings = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jfr"))
                        .sorted().collect(Collectors.toList());
                return " is a directory, not a recording" + (recordings.isEmpty() ? ""
                        : "; it holds " + String.join(", ", recordings));
            } catch (IOException e) {
                return " is a directory, not a recording";
            }
        }
        if (!Files.exists(path)) {
            return ": no such file";
        }
        if (!Files.isRegularFile(path)) {
            return " is not a regular file";
        }
        return Files.isReadable(path) ? null : ": permission denied";
    }
}
