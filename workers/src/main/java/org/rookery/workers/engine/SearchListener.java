package org.rookery.workers.engine;

/** Receives each finished iteration of a search, on the search thread. */
@FunctionalInterface
public interface SearchListener {
    SearchListener NONE = info -> { };

    void onIteration(SearchInfo info);
}
