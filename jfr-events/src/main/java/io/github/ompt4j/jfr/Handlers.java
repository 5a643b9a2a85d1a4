package io.github.ompt4j.jfr;

/** The JFR tool's handlers, one of each, sharing one {@link JfrContext}; {@link JfrBinding} names their callbacks. */
final class Handlers {
    final JfrContext context;
    final RegionSpans regions;
    final Origins origins;
    final ThreadSpans spans;
    final MutexSpans mutexes;
    final Instants instants;

    Handlers(JfrContext context) {
        this.context = context;
        this.regions = new RegionSpans(context);
        this.origins = new Origins(context);
        this.spans = new ThreadSpans(context);
        this.mutexes = new MutexSpans(context);
        this.instants = new Instants(context);
    }
}
