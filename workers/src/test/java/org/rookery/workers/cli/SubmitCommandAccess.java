package org.rookery.workers.cli;

import java.util.List;

/** Test access to {@link SubmitCommand}'s option handling. */
public final class SubmitCommandAccess {
    private SubmitCommandAccess() {}

    /** {@link SubmitCommand#takeNps}. */
    public static List<Long> takeNps(List<String> argv) {
        return SubmitCommand.takeNps(argv);
    }
}
