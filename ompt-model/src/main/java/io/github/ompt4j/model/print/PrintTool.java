package io.github.ompt4j.model.print;

import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptControlCommand;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptFrame;
import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptTaskFlag;
import io.github.ompt4j.model.OmptTool;
import java.io.PrintStream;

/**
 * The {@code print} tool: registers every event and prints one line per event, in the shape of LLVM's
 * OMPT test tool, so that traces can be checked line by line:
 *
 * <pre>{@code <thread id>: ompt_event_<name>: key=value, key=value, ...}</pre>
 *
 * Thread and wait IDs and counts are decimal; parallel and task IDs and call sites ({@code codeptr_ra})
 * are lowercase hexadecimal with {@code 0x}; frames are depths (see {@link OmptFrame}). It obeys
 * {@code ompt_control}: pause stops printing, start resumes it, flush flushes, stop ends printing for
 * good; the control line itself is always printed. {@code parallel_end} adds, after LLVM's fields, the
 * threads that took part in the region ({@code participants=1 2 3}, see
 * {@link OmptApi.GetParallelParticipants}). After {@code runtime_shutdown} comes a legend of the
 * call sites, one {@code legend:} line per token.
 */
public final class PrintTool implements OmptTool {
    private final StandardOutput out;
    private OmptApi.GetThreadId threadId;
    private OmptApi.GetParallelParticipants participants;
    private volatile boolean printing = true;
    private volatile boolean stopped;

    /** Prints to the process's standard output ({@link StandardOutput#process}). */
    public PrintTool() {
        this.out = StandardOutput.process();
    }

    public PrintTool(PrintStream out) {
        this.out = StandardOutput.of(out);
    }

    @Override
    public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
        threadId = (OmptApi.GetThreadId) lookup.lookup("ompt_get_thread_id");
        participants = (OmptApi.GetParallelParticipants) lookup.lookup("ompt4j_get_parallel_participants");
        OmptApi.SetCallback set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
        for (OmptEvent event : OmptEvent.values()) {
            OmptCallback callback = callbackFor(event);
            if (callback != null) {
                set.setCallback(event, callback);
            }
        }
    }

    /** The printer of {@code event}, by its signature; {@code null} for a signature the tool does not print. */
    private OmptCallback callbackFor(OmptEvent event) {
        Class<? extends OmptCallback> signature = event.signature();
        OmptCallback callback = threadOrRegionPrinter(event, signature);
        if (callback == null) {
            callback = taskPrinter(event, signature);
        }
        return callback != null ? callback : synchronizationPrinter(event, signature);
    }

    private OmptCallback threadOrRegionPrinter(OmptEvent event, Class<? extends OmptCallback> signature) {
        if (signature == OmptCallback.ThreadType.class) {
            return (OmptCallback.ThreadType) (type, id) ->
                    line(event).kv("thread_type", type.ompName() + "=" + type.code()).num("thread_id", id).print();
        } else if (signature == OmptCallback.ThreadId.class) {
            return (OmptCallback.ThreadId) id -> line(event).num("thread_id", id).print();
        } else if (signature == OmptCallback.ParallelBegin.class) {
            return (OmptCallback.ParallelBegin) (parent, frame, parallel, requested, codeptr, invoker) ->
                    line(event).hex("parent_task_id", parent).frame("parent_task_frame", frame)
                            .hex("parallel_id", parallel).num("requested_team_size", requested)
                            .hex("codeptr_ra", codeptr).num("invoker", invoker.code()).print();
        } else if (signature == OmptCallback.ParallelEnd.class) {
            return (OmptCallback.ParallelEnd) (parallel, task, invoker, codeptr) ->
                    line(event).hex("parallel_id", parallel).hex("task_id", task).num("invoker", invoker.code())
                            .hex("codeptr_ra", codeptr).kv("participants", threadList(participants.getParallelParticipants()))
                            .print();
        } else if (signature == OmptCallback.ImplicitTask.class) {
            return (OmptCallback.ImplicitTask) (parallel, task, teamSize, threadNum) ->
                    line(event).hex("parallel_id", parallel).hex("task_id", task).num("team_size", teamSize)
                            .num("thread_num", threadNum).print();
        } else if (signature == OmptCallback.Parallel.class) {
            return (OmptCallback.Parallel) (parallel, task, codeptr) ->
                    line(event).hex("parallel_id", parallel).hex("task_id", task).hex("codeptr_ra", codeptr).print();
        } else if (signature == OmptCallback.Control.class) {
            return (OmptCallback.Control) this::control;
        } else if (signature == OmptCallback.Shutdown.class) {
            return (OmptCallback.Shutdown) () -> {
                line(event).print();
                printLegend();
                out.flush();
            };
        }
        return null;
    }

    private OmptCallback taskPrinter(OmptEvent event, Class<? extends OmptCallback> signature) {
        if (signature == OmptCallback.TaskBegin.class) {
            return (OmptCallback.TaskBegin) (parent, frame, task, flags, codeptr) ->
                    line(event).hex("parent_task_id", parent).frame("parent_task_frame", frame)
                            .hex("new_task_id", task).kv("flags", OmptTaskFlag.describe(flags))
                            .hex("codeptr_ra", codeptr).print();
        } else if (signature == OmptCallback.Task.class) {
            return (OmptCallback.Task) task -> line(event).hex("task_id", task).print();
        } else if (signature == OmptCallback.TaskSwitch.class) {
            return (OmptCallback.TaskSwitch) (prior, status, next) ->
                    line(event).hex("first_task_id", prior).kv("prior_task_status", status.ompName() + "=" + status.code())
                            .hex("second_task_id", next).print();
        } else if (signature == OmptCallback.TaskPair.class) {
            return (OmptCallback.TaskPair) (first, second) ->
                    line(event).hex("first_task_id", first).hex("second_task_id", second).print();
        } else if (signature == OmptCallback.TaskDependences.class) {
            return (OmptCallback.TaskDependences) (task, deps, count) -> {
                Line l = line(event).hex("task_id", task).num("ndeps", count);
                for (int i = 0; i < count; i++) {
                    l.kv("dep" + i, deps[i].type().ompName() + "@" + Integer.toHexString(System.identityHashCode(deps[i].variable())));
                }
                l.print();
            };
        }
        return null;
    }

    private OmptCallback synchronizationPrinter(OmptEvent event, Class<? extends OmptCallback> signature) {
        if (signature == OmptCallback.SyncRegion.class) {
            return (OmptCallback.SyncRegion) (kind, parallel, task, codeptr) ->
                    line(event).hex("parallel_id", parallel).hex("task_id", task).kv("kind", kind.ompName())
                            .hex("codeptr_ra", codeptr).print();
        } else if (signature == OmptCallback.Worksharing.class) {
            return (OmptCallback.Worksharing) (type, parallel, task, count, codeptr) ->
                    line(event).kv("wstype", type.ompName()).hex("parallel_id", parallel).hex("task_id", task)
                            .num("count", count).hex("codeptr_ra", codeptr).print();
        } else if (signature == OmptCallback.Dispatch.class) {
            return (OmptCallback.Dispatch) (parallel, task, type, first, count) ->
                    line(event).hex("parallel_id", parallel).hex("task_id", task).kv("wstype", type.ompName())
                            .num("first", first).num("count", count).print();
        } else if (signature == OmptCallback.Lock.class) {
            return (OmptCallback.Lock) (wait, hint, impl, codeptr) ->
                    line(event).num("wait_id", wait).num("hint", hint).num("impl", impl).hex("codeptr_ra", codeptr).print();
        } else if (signature == OmptCallback.Wait.class) {
            return (OmptCallback.Wait) (wait, codeptr) -> line(event).num("wait_id", wait).hex("codeptr_ra", codeptr).print();
        }
        return null;
    }

    /**
     * After the last event, what each call site stands for, one line each, so that {@code codeptr_ra=0x2}
     * means something to a reader: {@code legend: codeptr_ra=0x2 com.example.Report.build(Report.java:42)}.
     * Every call site with a token is listed: those found by a walk, and those the weaver marked in the classes the
     * program loaded, which get theirs as the class is woven, whether or not they ran. The lines carry no thread
     * prefix, so per-thread readers of the trace skip them.
     */
    private void printLegend() {
        if (!printing || stopped) {
            return;
        }
        for (long token = 1; token <= CallSites.count(); token++) {
            out.println("legend: codeptr_ra=0x" + Long.toHexString(token) + " " + CallSites.describe(token));
        }
    }

    private void control(long command, long modifier) {
        Line line = line(OmptEvent.CONTROL).num("command", command).num("modifier", modifier);
        out.println(line.text);
        OmptControlCommand c = OmptControlCommand.ofCode(command);
        if (c == OmptControlCommand.START) {
            printing = !stopped;
        } else if (c == OmptControlCommand.PAUSE) {
            printing = false;
        } else if (c == OmptControlCommand.FLUSH) {
            out.flush();
        } else if (c == OmptControlCommand.STOP) {
            stopped = true;
            printing = false;
            out.flush();
        }
    }

    /** Thread IDs separated by spaces (a comma separates the line's fields). */
    private static String threadList(long[] ids) {
        StringBuilder list = new StringBuilder();
        for (long id : ids) {
            list.append(list.length() == 0 ? "" : " ").append(id);
        }
        return list.toString();
    }

    private Line line(OmptEvent event) {
        return new Line(threadId.getThreadId(), event);
    }

    /** One output line under construction. */
    private final class Line {
        private final StringBuilder text = new StringBuilder(96);
        private boolean first = true;

        Line(long thread, OmptEvent event) {
            text.append(thread).append(": ").append(event.ompName());
        }

        Line kv(String key, String value) {
            text.append(first ? ": " : ", ").append(key).append('=').append(value);
            first = false;
            return this;
        }

        Line num(String key, long value) {
            return kv(key, Long.toString(value));
        }

        Line hex(String key, long value) {
            return kv(key, "0x" + Long.toHexString(value));
        }

        Line frame(String key, OmptFrame frame) {
            return num(key + ".exit", frame == null ? 0 : frame.exitRuntimeFrame())
                    .num(key + ".reenter", frame == null ? 0 : frame.reenterRuntimeFrame());
        }

        void print() {
            if (printing) {
                out.println(text); // whole, and taking no lock a virtual thread may hold (StandardOutput)
            }
        }
    }
}
