package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A page open in headless Chromium, driven as a user would through the DevTools protocol: real mouse and
 * keyboard input ({@code Input.dispatchMouseEvent}, {@code Input.insertText}) and script evaluation to read what
 * the page shows. The protocol is JSON over a WebSocket, which the JDK's HTTP client speaks; Chromium picks a
 * free port and writes it into its profile's {@code DevToolsActivePort} file.
 */
final class DevToolsPage implements AutoCloseable {
    private static final long TIMEOUT_SECONDS = 60;
    private final ObjectMapper json = new ObjectMapper();
    private final Map<Integer, CompletableFuture<JsonNode>> replies = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final Process chromium;
    private WebSocket socket;

    private DevToolsPage(Process chromium) {
        this.chromium = chromium;
    }

    /** Open {@code page} in a window of {@code width} by {@code height}, with a fresh profile in {@code profile}. */
    static DevToolsPage open(Path page, Path profile, int width, int height) throws Exception {
        Process p = new ProcessBuilder(ReportCommandIT.CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
                "--remote-debugging-port=0", "--window-size=" + width + "," + height, page.toUri().toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        DevToolsPage devTools = new DevToolsPage(p);
        try {
            devTools.connect(page.toUri().toString(), profile.resolve("DevToolsActivePort"));
        } catch (Exception | AssertionError e) {
            devTools.close();
            throw e;
        }
        return devTools;
    }

    private void connect(String url, Path portFile) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        HttpClient http = HttpClient.newHttpClient();
        String target = null;
        while (target == null) {
            assertTrue(System.nanoTime() < deadline && chromium.isAlive(), "Chromium opened no page for DevTools");
            Thread.sleep(100);
            if (Files.exists(portFile) && !Files.readString(portFile).isBlank()) {
                String port = Files.readString(portFile).lines().findFirst().orElseThrow();
                HttpResponse<String> list = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/json/list")).build(), HttpResponse.BodyHandlers.ofString());
                for (JsonNode t : json.readTree(list.body())) {
                    if (t.path("type").asText().equals("page") && t.path("url").asText().equals(url)) {
                        target = t.path("webSocketDebuggerUrl").asText();
                    }
                }
            }
        }
        socket = http.newWebSocketBuilder().buildAsync(URI.create(target), new Replies())
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        // A large page has no body yet while Chromium still reads it.
        while (!evaluate("!!document.body && document.body.dataset.rendered === 'true'").asBoolean()) {
            assertTrue(System.nanoTime() < deadline, "the page's script never drew it");
            Thread.sleep(100);
        }
    }

    /**
     * Reload the page at its address (the fragment included) and wait until its script drew it again; questions
     * asked while the old page goes away may fail, and are asked again.
     */
    void reload() throws Exception {
        evaluate("window.beforeReload = true");
        send("Page.reload", Map.of());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (true) {
            try {
                if (evaluate("window.beforeReload === undefined && document.body.dataset.rendered === 'true'")
                        .asBoolean()) {
                    return;
                }
            } catch (AssertionError navigating) {
                assertTrue(System.nanoTime() < deadline, "the page did not come back: " + navigating.getMessage());
            }
            assertTrue(System.nanoTime() < deadline, "the reloaded page's script never drew it");
            Thread.sleep(100);
        }
    }

    /** Send a protocol command and wait for its result; a protocol error fails the test. */
    JsonNode send(String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        replies.put(id, reply);
        socket.sendText(json.writeValueAsString(Map.of("id", id, "method", method, "params", params)), true)
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        JsonNode answer = reply.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertTrue(!answer.has("error"), method + ": " + answer);
        return answer.path("result");
    }

    /** The value of a script expression, as JSON; an exception in the page fails the test. */
    JsonNode evaluate(String expression) throws Exception {
        JsonNode result = send("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true));
        assertTrue(!result.has("exceptionDetails"), expression + ": " + result);
        return result.path("result").path("value");
    }

    /** Press the left button at ({@code x0}, {@code y0}), move to ({@code x1}, {@code y1}) in steps, release. */
    void drag(double x0, double y0, double x1, double y1) throws Exception {
        mouse("mousePressed", x0, y0, 1);
        for (int step = 1; step <= 10; step++) {
            mouse("mouseMoved", x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10, 1);
        }
        mouse("mouseReleased", x1, y1, 0);
    }

    void click(double x, double y) throws Exception {
        mouse("mousePressed", x, y, 1);
        mouse("mouseReleased", x, y, 0);
    }

    /** Move the pointer to ({@code x}, {@code y}) with no button pressed. */
    void hover(double x, double y) throws Exception {
        send("Input.dispatchMouseEvent", Map.of("type", "mouseMoved", "x", x, "y", y, "button", "none"));
    }

    /** Turn the mouse wheel at ({@code x}, {@code y}) by {@code deltaY} pixels, down for a positive one. */
    void wheel(double x, double y, double deltaY) throws Exception {
        send("Input.dispatchMouseEvent", Map.of("type", "mouseWheel", "x", x, "y", y, "deltaX", 0, "deltaY", deltaY));
    }

    /** Type text into the focused element, as an input method commits it. */
    void type(String text) throws Exception {
        send("Input.insertText", Map.of("text", text));
    }

    private void mouse(String type, double x, double y, int buttons) throws Exception {
        send("Input.dispatchMouseEvent", Map.of("type", type, "x", x, "y", y, "button", "left", "buttons", buttons,
                "clickCount", 1));
    }

    /**
     * Ends Chromium and the processes it started (renderer, GPU, crash handler), and waits for all of them: a child
     * that outlives the browser still writes into the profile, and the test's temporary directory then cannot be
     * deleted (seen once in a full run: "Failed to delete temp directory ... chromium.../Default"). The children are
     * listed before the browser ends, since once it has they are no longer its descendants. An interrupted wait ends
     * them forcibly, and keeps the interrupt.
     */
    @Override
    public void close() {
        if (socket != null) {
            socket.abort();
        }
        List<ProcessHandle> processes = new ArrayList<>(chromium.descendants().toList());
        processes.add(0, chromium.toHandle());
        for (ProcessHandle p : processes) {
            p.destroy();
        }
        try {
            for (ProcessHandle p : processes) {
                try {
                    p.onExit().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException | ExecutionException e) {
                    p.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            processes.forEach(ProcessHandle::destroyForcibly);
            Thread.currentThread().interrupt();
        }
    }

    /** Completes each command's reply; events, which carry no ID, are not needed. */
    private final class Replies implements WebSocket.Listener {
        private final StringBuilder message = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            message.append(data);
            if (last) {
                try {
                    JsonNode reply = json.readTree(message.toString());
                    CompletableFuture<JsonNode> waiting = reply.has("id") ? replies.remove(reply.get("id").asInt()) : null;
                    if (waiting != null) {
                        waiting.complete(reply);
                    }
                } catch (IOException e) {
                    replies.values().forEach(r -> r.completeExceptionally(e));
                }
                message.setLength(0);
            }
            webSocket.request(1);
            return null;
        }
    }
}
