package io.github.ompt4j.model.collector;

/**
 * A collector's event callback: {@code void callback(enum OMP_COLLECTORAPI_EVENT)}. One callback may
 * serve several events, since it is told which one happened.
 *
 * <p>It is called synchronously on the thread where the event happens, inside the runtime's
 * bookkeeping: it must return quickly, and OpenMP events raised by code it runs are not reported.
 * What it throws never reaches the application; the dispatcher counts it (see
 * {@link io.github.ompt4j.model.ToolFailures}).
 */
@FunctionalInterface
public interface CollectorCallback {
    void event(CollectorEvent event);
}
